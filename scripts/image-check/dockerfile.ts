/**
 * The part of the Dockerfile syntax the project's Dockerfile uses, read into instructions: FROM (with AS),
 * WORKDIR, ENV (key=value pairs), COPY (with --from), RUN, CMD and HEALTHCHECK's CMD (exec or shell form).
 * Instructions that change nothing a check can see (USER, EXPOSE, STOPSIGNAL) are skipped; any other one is
 * refused, so a new kind of step cannot pass unchecked.
 */
export type Instruction =
  | { kind: 'FROM'; image: string; alias?: string }
  | { kind: 'WORKDIR'; path: string }
  | { kind: 'ENV'; values: Record<string, string> }
  | { kind: 'COPY'; from?: string; sources: string[]; dest: string }
  | { kind: 'RUN'; command: string }
  | { kind: 'CMD'; argv: string[] }
  | { kind: 'HEALTHCHECK'; argv: string[] };

const SKIPPED = new Set(['USER', 'EXPOSE', 'STOPSIGNAL', 'LABEL', 'ARG']);

/** Joins continued lines and drops comments, as Docker reads them. */
function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (!current && (line.trim() === '' || line.trimStart().startsWith('#'))) continue;
    if (current && line.trimStart().startsWith('#')) continue;
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    lines.push((current + line).trim());
    current = '';
  }
  if (current.trim()) lines.push(current.trim());
  return lines;
}

/** `["node", "a.js"]` (exec form) or `node a.js` (shell form, run by `sh -c`). */
function commandForm(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) return JSON.parse(trimmed) as string[];
  return ['sh', '-c', trimmed];
}

function parseEnv(rest: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const m of rest.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("([^"]*)"|\S*)/g)) values[m[1]!] = m[3] ?? m[2]!;
  return values;
}

export function parseDockerfile(text: string): Instruction[] {
  return logicalLines(text).flatMap((line): Instruction[] => {
    const [keyword = '', ...restParts] = line.split(/\s+/);
    const kind = keyword.toUpperCase();
    const rest = line.slice(keyword.length).trim();
    if (SKIPPED.has(kind)) return [];
    switch (kind) {
      case 'FROM': {
        const [image = '', as, alias] = restParts;
        return [{ kind, image, alias: as?.toUpperCase() === 'AS' ? alias : undefined }];
      }
      case 'WORKDIR':
        return [{ kind, path: rest }];
      case 'ENV':
        return [{ kind, values: parseEnv(rest) }];
      case 'COPY': {
        const flags = restParts.filter((p) => p.startsWith('--'));
        const paths = restParts.filter((p) => !p.startsWith('--'));
        const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
        const dest = paths.pop();
        if (!dest || paths.length === 0) throw new Error(`COPY needs a source and a destination: ${line}`);
        return [{ kind, from, sources: paths, dest }];
      }
      case 'RUN':
        return [{ kind, command: rest }];
      case 'CMD':
        return [{ kind, argv: commandForm(rest) }];
      case 'HEALTHCHECK': {
        const at = rest.search(/\bCMD\b/);
        if (at < 0) return [];
        return [{ kind, argv: commandForm(rest.slice(at + 3)) }];
      }
      default:
        throw new Error(`The image check does not know the instruction ${kind}: teach scripts/image-check`);
    }
  });
}
