/** Pattern pieces the retraction cues of every language share (src/language/{en,da}/retractions.ts). */

// a value: up to four words, cut before a clause word ("I left Hooli last year" -> "Hooli")
export const VALUE = String.raw`(there|[\p{L}\p{N}][\p{L}\p{N}'.&-]*(?: [\p{L}\p{N}][\p{L}\p{N}'.&-]*){0,3})`;
export const VALUE_END =
  /\s+(?:anymore|any more|now|last|this|in|on|at|since|because|and|but|so|as|after|to|for|with|ikke|længere|mere|og|men|fordi|for|siden)\b.*$/iu;
export const ANYMORE = String.raw`(?:anymore|any more|any longer|nowadays)`;
export const EMAIL = String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+`;
export const START = String.raw`(?:^|[.!;,:—–]\s*|\b(?:since|as of|starting|siden|fra) [\p{L}\p{N}]+(?: [\p{L}\p{N}]+)?,?\s+|\b(?:and|but|so|actually|well|also|now|oh|og|men|så|faktisk)\s+)`;
