/** Writes `.br` (quality 11) and `.gz` (level 9) beside every text file of `dir`; returns what it did. */
export function compressDir(dir: string): Array<{ file: string; bytes: number; br: number; gz: number }>;
