/**
 * English phrases that say the same thing with another verb, folded to one form before two notes are compared
 * (src/memory/paraphrase.ts): "is a big fan of" = "likes", "the bassist in" = "plays bass in", "my car is a" =
 * "drives a". Each fold carries pairs that must read as one statement once folded; the paraphrase spec runs them.
 */
export interface Fold {
  id: string;
  pattern: RegExp;
  replacement: string;
  same: readonly [string, string][];
}

const INSTRUMENTS: ReadonlyArray<[string, string]> = [
  ['bassist', 'bass'],
  ['drummer', 'drums'],
  ['guitarist', 'guitar'],
  ['pianist', 'piano'],
  ['keyboardist', 'keyboards'],
  ['violinist', 'violin'],
  ['cellist', 'cello'],
  ['saxophonist', 'saxophone'],
  ['trumpeter', 'trumpet'],
];

export const EN_FOLDS: readonly Fold[] = [
  {
    id: 'en.fold.fan-of',
    pattern: /\b(?:is|am|are) (?:a )?(?:big |huge |great )?fan of\b/gu,
    replacement: 'like',
    same: [['Is a big fan of jazz', 'Likes jazz']],
  },
  {
    id: 'en.fold.fond-of',
    pattern: /\b(?:is|am|are) (?:really |very )?(?:fond of|into|keen on)\b/gu,
    replacement: 'like',
    same: [['Is really into bouldering', 'Loves bouldering']],
  },
  {
    id: 'en.fold.cant-stand',
    pattern: /\b(?:can't|cannot|can not) stand\b/gu,
    replacement: 'dislike',
    same: [["Can't stand cilantro", 'Hates cilantro']],
  },
  {
    id: 'en.fold.dont-like',
    pattern: /\b(?:doesn't|does not|don't|do not) like\b/gu,
    replacement: 'dislike',
    same: [["Doesn't like olives", 'Dislikes olives']],
  },
  {
    id: 'en.fold.diet',
    pattern: /\b(?:follows|follow|is on|am on|eats) an? ([\p{L}-]+) diet\b/gu,
    replacement: 'is $1',
    same: [['Follows a vegan diet', 'Is vegan']],
  },
  {
    id: 'en.fold.car-is',
    pattern: /^(?:(?:the )?user's |my |their |his |her )?car(?: is|:) (?:an? )?/gu,
    replacement: 'drive ',
    same: [
      ['Drives a Skoda Octavia', "The user's car is a Skoda Octavia"],
      ['The user drives a Tesla Model 3', "User's car: Tesla Model 3"],
    ],
  },
  {
    id: 'en.fold.drives',
    pattern: /\bdrives? an? /gu,
    replacement: 'drive ',
    same: [['Drives a Fiat', 'drive a Fiat']],
  },
  {
    id: 'en.fold.owns',
    pattern: /\b(?:owns|own|has|have) an? /gu,
    replacement: 'have ',
    same: [['Owns a Brompton bike', 'Has a Brompton bike']],
  },
  {
    id: 'en.fold.plays-in',
    pattern: /\bplays? (?:the )?(bass|drums|guitar|piano|keyboards|violin|cello|saxophone|trumpet) (?:in|for|with)\b/gu,
    replacement: 'play $1 in',
    same: [['Plays drums for Velvet Arcade', 'Plays drums in Velvet Arcade']],
  },
  ...INSTRUMENTS.map(([player, instrument]): Fold => ({
    id: `en.fold.${player}`,
    pattern: new RegExp(String.raw`\b(?:(?:is|am|are) )?(?:the |a )?${player} (?:in|of|for|with)\b`, 'gu'),
    replacement: `play ${instrument} in`,
    same: [[`Plays ${instrument} in The Night Owls`, `User is the ${player} in The Night Owls`]],
  })),
];
