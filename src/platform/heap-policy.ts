import v8 from 'node:v8';

// V8 lets the old generation grow to up to four times what survived the last full collection when
// collecting is cheap, as it is for the short-lived rows of an export or import: a million-row CSV export
// took an API process from 178 to 369 MiB with 67 MiB live. Growing by a quarter instead keeps it near its
// working set (about 200 MiB) at the cost of more full collections (docs/benchmark-notes.md). Imported
// first by main.ts: a limit computed before the flag is set would still allow one cycle of the old growth.
v8.setFlagsFromString('--heap-growing-percent=25');
