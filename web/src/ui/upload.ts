import { api, unwrap } from '../api/client';
import { ApiError } from '../api/errors';

/**
 * Uploads a file the way the service wants it: a presigned URL first, then the bytes straight to storage
 * (the service never relays them), reporting progress, then confirmed; resolves to the file's URL for the API.
 */
export async function uploadFile(
  file: File,
  folder: string,
  onProgress?: (percent: number) => void,
): Promise<string> {
  return (await uploadFileRecord(file, folder, onProgress)).url;
}

/** `uploadFile`, answering the upload's record (its storage `key` names it to the API, as a reply's medium). */
export async function uploadFileRecord(
  file: File,
  folder: string,
  onProgress?: (percent: number) => void,
): Promise<{ url: string; key: string; type: string | null; fileName: string }> {
  const contentType = file.type || guessType(file.name);
  const target = await unwrap(
    api.POST('/api/v1/upload/presigned-url', {
      body: { fileName: file.name, contentType, folder, size: file.size },
    }),
  );
  if (file.size > target.maxBytes) {
    throw new ApiError(400, `The file is too large: at most ${Math.floor(target.maxBytes / 1_048_576)} MB`);
  }
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(target.method, target.uploadUrl);
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(new ApiError(xhr.status, `The upload was refused (${xhr.status})`));
    xhr.onerror = () => reject(new ApiError(0, 'The upload failed; check your connection and try again'));
    xhr.send(file);
  });
  // Recorded, the file is served at its URL (and only then), fixed from now on. Its type goes with it: a
  // store that keeps none (the embedded one) would leave the record without it.
  const confirmed = await unwrap(
    api.POST('/api/v1/upload/confirm', {
      body: { url: target.fileUrl, fileName: file.name, type: contentType },
    }),
  );
  onProgress?.(100);
  return confirmed;
}

function guessType(name: string): string {
  const ext = name.toLowerCase().split('.').pop();
  return (
    {
      csv: 'text/csv',
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      png: 'image/png',
      jpg: 'image/jpeg',
      jpeg: 'image/jpeg',
      pdf: 'application/pdf',
      mp4: 'video/mp4',
    }[ext ?? ''] ?? 'application/octet-stream'
  );
}
