import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

export const FIRST = [
  'Adaeze',
  'Adebayo',
  'Aisha',
  'Amaka',
  'Bola',
  'Chidi',
  'Chioma',
  'Daniel',
  'David',
  'Efe',
  'Emeka',
  'Esther',
  'Fatima',
  'Femi',
  'Funmi',
  'Grace',
  'Ibrahim',
  'Ifeoma',
  'Ikenna',
  'James',
  'John',
  'Joseph',
  'Kemi',
  'Kunle',
  'Lola',
  'Mary',
  'Michael',
  'Musa',
  'Ngozi',
  'Nneka',
  'Obinna',
  'Olu',
  'Peter',
  'Ruth',
  'Samuel',
  'Sarah',
  'Segun',
  'Tade',
  'Temi',
  'Tunde',
  'Uche',
  'Victor',
  'Yemi',
  'Yusuf',
  'Zainab',
  'Ahmed',
  'Blessing',
  'Chinedu',
  'Dayo',
  'Emmanuel',
];
export const LAST = [
  'Abubakar',
  'Adeyemi',
  'Afolabi',
  'Akande',
  'Balogun',
  'Bello',
  'Chukwu',
  'Danjuma',
  'Eze',
  'Falana',
  'Garba',
  'Ibe',
  'Igwe',
  'Johnson',
  'Kalu',
  'Lawal',
  'Mohammed',
  'Nwachukwu',
  'Obi',
  'Odu',
  'Ogunleye',
  'Okafor',
  'Okeke',
  'Okonkwo',
  'Olawale',
  'Onyeka',
  'Osei',
  'Salami',
  'Smith',
  'Suleiman',
  'Taiwo',
  'Uba',
  'Udeh',
  'Usman',
  'Williams',
  'Yakubu',
  'Yusuf',
  'Zubair',
  'Ajayi',
  'Babangida',
];
/** Nigerian mobile prefixes that libphonenumber accepts. */
const PREFIXES = ['803', '806', '813', '816', '703', '706', '810', '814'];

/** The i-th unique valid Nigerian mobile number in E.164 (i < 80,000,000). */
export function benchPhone(i: number): string {
  return `+234${PREFIXES[i % PREFIXES.length]}${String(Math.floor(i / PREFIXES.length)).padStart(7, '0')}`;
}

export interface FileShape {
  /** Every n-th row has an unparseable phone (0 = none). */
  invalidEvery: number;
  /** Every n-th row repeats the previous row's phone (0 = none). */
  duplicateEvery: number;
}

/**
 * A contacts CSV of `rows` data rows as a user would upload it: a header, a fifth of the phones in national
 * form, tags `vip,lagos` in a quoted field (a comma inside quotes), yes/no opt-in.
 */
export async function writeContactsCsv(
  file: string,
  rows: number,
  shape: FileShape = { invalidEvery: 200, duplicateEvery: 200 },
): Promise<void> {
  const out = createWriteStream(file);
  let chunk = 'firstName,lastName,phoneNumber,tags,optIn\n';
  for (let i = 1; i <= rows; i++) {
    const first = FIRST[(i * 7) % FIRST.length];
    const last = LAST[(i * 13) % LAST.length];
    let phone = benchPhone(shape.duplicateEvery && i % shape.duplicateEvery === 0 ? i - 1 : i);
    if (i % 5 === 0) phone = `0${phone.slice(4)}`;
    if (shape.invalidEvery && i % shape.invalidEvery === 1) phone = '12345';
    const tags = i % 10 === 0 ? '"vip,lagos"' : i % 3 === 0 ? 'customer' : '';
    chunk += `${first},${last},${phone},${tags},${i % 4 === 0 ? 'no' : 'yes'}\n`;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}
