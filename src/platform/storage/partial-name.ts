import { randomUUID } from 'node:crypto';

/**
 * A temporary name beside `file`, unique to one write, renamed onto `file` when the write is whole. Two
 * writes of the same key at once (two confirms of one upload, two PUTs) must not share it, or one renames
 * the other's file away and reports it missing.
 */
export function partialName(file: string): string {
  return `${file}.${randomUUID()}.partial`;
}
