import path from 'node:path';
import { parseXml } from './xml-events.js';
import type { ZipArchive } from './zip-archive.js';

/** Where the rows of the import are: the first sheet's part, and the shared-string table if there is one. */
export interface WorkbookParts {
  sheet: string;
  sharedStrings: string | null;
}

/** Sheets considered for "first": far more tabs than a workbook shows, few enough to hold in memory. */
const MAX_SHEETS = 4096;

const isRelType = (type: string | undefined, kind: string) => !!type && type.endsWith(`/${kind}`);

interface Relationship {
  type: string;
  target: string;
}

/** The relationships of `part` (`dir/_rels/name.rels`), keeping only those `keep` wants: a part may list thousands. */
async function relationshipsOf(
  zip: ZipArchive,
  part: string,
  maxBytes: number,
  keep: (id: string, type: string) => boolean,
): Promise<Map<string, Relationship>> {
  const relsPart = path.posix.join(path.posix.dirname(part), '_rels', `${path.posix.basename(part)}.rels`);
  const found = new Map<string, Relationship>();
  if (!zip.has(relsPart)) return found;
  await parseXml(await zip.read(relsPart, maxBytes), {
    open(name, a) {
      if (name !== 'Relationship' || a.TargetMode === 'External' || !a.Id || !a.Target || !a.Type) return;
      if (keep(a.Id, a.Type)) found.set(a.Id, { type: a.Type, target: resolveTarget(part, a.Target) });
    },
  });
  return found;
}

/** A relationship target is relative to the part's folder, or absolute from the package root. */
function resolveTarget(part: string, target: string): string {
  const decoded = target.replace(/\\/g, '/');
  return decoded.startsWith('/')
    ? path.posix.normalize(decoded).slice(1)
    : path.posix.normalize(path.posix.join(path.posix.dirname(part), decoded));
}

/** `r:id` of a `<sheet>`, whatever prefix the writer gave the relationships namespace. */
function relationshipIdOf(attributes: Record<string, string>): string | undefined {
  for (const [key, value] of Object.entries(attributes)) if (/^[^:]+:id$/.test(key)) return value;
  return undefined;
}

/**
 * Finds the first sheet as the user sees it: the first `<sheet>` of workbook.xml (tab order), followed
 * through the workbook's relationships to its part. Part names say nothing about order: Excel keeps
 * `sheet1.xml` for the sheet created first when the tabs are moved. Hidden sheets and chart sheets are
 * passed over, since neither shows a table as the first tab.
 */
export async function locateWorkbookParts(zip: ZipArchive, maxBytes: number): Promise<WorkbookParts> {
  const rootRels = await relationshipsOf(zip, '', maxBytes, (_id, type) => isRelType(type, 'officeDocument'));
  const workbook = [...rootRels.values()][0]?.target ?? 'xl/workbook.xml';
  if (!zip.has(workbook)) throw new Error('the archive has no workbook part');

  const visible: string[] = [];
  const hidden: string[] = [];
  await parseXml(await zip.read(workbook, maxBytes), {
    open(name, a) {
      const id =
        name === 'sheet' && visible.length + hidden.length < MAX_SHEETS ? relationshipIdOf(a) : undefined;
      if (id) (a.state === 'hidden' || a.state === 'veryHidden' ? hidden : visible).push(id);
    },
  });
  const order = [...visible, ...hidden];
  const wanted = new Set(order);
  const rels = await relationshipsOf(
    zip,
    workbook,
    maxBytes,
    (id, type) => wanted.has(id) || isRelType(type, 'sharedStrings'),
  );
  const sheetId = order.find(
    (id) => isRelType(rels.get(id)?.type, 'worksheet') && zip.has(rels.get(id)!.target),
  );
  if (!sheetId) throw new Error('the workbook has no worksheet');

  const strings = [...rels.values()].find((r) => isRelType(r.type, 'sharedStrings'))?.target;
  const fallback = path.posix.join(path.posix.dirname(workbook), 'sharedStrings.xml');
  const sharedStrings = strings && zip.has(strings) ? strings : zip.has(fallback) ? fallback : null;
  return { sheet: rels.get(sheetId)!.target, sharedStrings };
}
