/**
 * The types a stored object is served as, each with its file extension: what WhatsApp carries (Meta's
 * supported media types: JPEG, PNG and WebP images and stickers, AAC, AMR, MP3, M4A and OGG audio, MP4 and
 * 3GPP video, PDF, text and Office documents) and what uploads allow by default (GIF, CSV). None of them is
 * run by a browser. Anything else (`text/html`, `image/svg+xml`, `application/xhtml+xml`: a page from our
 * storage's origin) is stored and served as `application/octet-stream`, a download.
 */
const SERVED: readonly (readonly [type: string, extension: string])[] = [
  ['image/jpeg', '.jpg'],
  ['image/png', '.png'],
  ['image/webp', '.webp'],
  ['image/gif', '.gif'],
  ['audio/aac', '.aac'],
  ['audio/amr', '.amr'],
  ['audio/mpeg', '.mp3'],
  ['audio/mp4', '.m4a'],
  ['audio/ogg', '.ogg'],
  ['video/mp4', '.mp4'],
  ['video/3gpp', '.3gp'],
  ['application/pdf', '.pdf'],
  ['text/plain', '.txt'],
  ['text/csv', '.csv'],
  ['application/msword', '.doc'],
  ['application/vnd.ms-excel', '.xls'],
  ['application/vnd.ms-powerpoint', '.ppt'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', '.docx'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', '.xlsx'],
  ['application/vnd.openxmlformats-officedocument.presentationml.presentation', '.pptx'],
];

/** Other names senders use for a type of the list. */
const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'video/3gp': 'video/3gpp',
  'audio/mp3': 'audio/mpeg',
  'audio/x-m4a': 'audio/mp4',
  'audio/opus': 'audio/ogg',
};

export const DOWNLOAD_TYPE = 'application/octet-stream';

const EXTENSION_OF = new Map(SERVED);
const TYPE_OF_EXTENSION = new Map<string, string>([
  ...SERVED.map(([t, e]) => [e, t] as const),
  ['.jpeg', 'image/jpeg'],
]);

/** How bytes declared as `declared` (a header: parameters and case ignored) are stored and served. */
export function storedMediaType(declared: string | null | undefined): {
  contentType: string;
  extension: string;
  /** True when served as a download (`Content-Disposition: attachment`). */
  attachment: boolean;
} {
  const bare = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  const type = ALIASES[bare] ?? bare;
  const extension = EXTENSION_OF.get(type);
  return extension
    ? { contentType: type, extension, attachment: false }
    : { contentType: DOWNLOAD_TYPE, extension: '', attachment: true };
}

/** The type a key's extension serves as (the embedded store keeps no metadata): a download when unknown. */
export function servedTypeOfExtension(extension: string): { contentType: string; attachment: boolean } {
  const type = TYPE_OF_EXTENSION.get(extension.toLowerCase());
  return type ? { contentType: type, attachment: false } : { contentType: DOWNLOAD_TYPE, attachment: true };
}
