/**
 * A request asked as a question is its imperative: "Can you remind me to call the dentist on Thursday?" is "Remind
 * me to call the dentist on Thursday", "could you always answer in Spanish?" a standing rule. Only what asks the
 * memory or the assistant for something lasting (a reminder, always / never / from now on); "can you tell me the
 * weather?" stays a question.
 */
interface RequestForm {
  id: string;
  pattern: RegExp;
  /** The imperative, from the pattern's groups. */
  imperative: (groups: readonly string[]) => string;
  examples: readonly { text: string; imperative: string | null }[];
}

const LEAD = String.raw`^(?:(?:so|ok|okay|hey|oh|and|also|quick one|one more thing)[,]?\s+)*`;
const POLITE = String.raw`(?:please\s+|pls\s+|kindly\s+|maybe\s+)?`;
const ASSISTANT_VERBS =
  'answer|reply|respond|write|use|include|suggest|recommend|give me|show me|send me|call me|address me|talk to me|' +
  'speak|mention|cite|format|keep|avoid|remind me|ask me|check';
const TAIL = String.raw`\s*\?+(?:\s*(?:thanks|thank you|thx|please|pls)\b[.!]*)?\s*$`;

export const REQUEST_FORMS: readonly RequestForm[] = [
  {
    id: 'en.request.remind',
    pattern: new RegExp(
      String.raw`${LEAD}(?:can|could|would|will) (?:you|u) ${POLITE}(remind me (?:to|about|that) [^?]{2,200}?)${TAIL}`,
      'iu',
    ),
    imperative: ([asked = '']) => asked,
    examples: [
      {
        text: 'Can you remind me to call the dentist on Thursday?',
        imperative: 'Remind me to call the dentist on Thursday',
      },
      { text: 'could u pls remind me to renew my passport?', imperative: 'Remind me to renew my passport' },
      { text: 'Can you remind me what we said?', imperative: null },
    ],
  },
  {
    id: 'en.request.standing',
    pattern: new RegExp(
      String.raw`${LEAD}(?:can|could|would|will) (?:you|u) ${POLITE}((?:always|never|from now on,?|going forward,?)\s+(?:${ASSISTANT_VERBS})\b[^?]{0,200}?)${TAIL}`,
      'iu',
    ),
    imperative: ([asked = '']) => asked,
    examples: [
      { text: 'Could you always answer in Spanish from now on?', imperative: 'Always answer in Spanish from now on' },
      { text: 'can you never suggest pork recipes?', imperative: 'Never suggest pork recipes' },
      { text: 'Can you always tell?', imperative: null },
    ],
  },
  {
    id: 'da.request.remind',
    pattern: new RegExp(
      String.raw`^(?:(?:og|så|hej)[,]?\s+)*(?:kan|vil) du (?:ikke |lige |venligst )*(huske mig på|minde mig om) (at [^?]{2,200}?)\s*\?+\s*$`,
      'iu',
    ),
    imperative: ([asked = '', what = '']) =>
      `${asked.toLowerCase().startsWith('huske') ? 'husk mig på' : 'mind mig om'} ${what}`,
    examples: [
      { text: 'Kan du minde mig om at betale licens?', imperative: 'Mind mig om at betale licens' },
      { text: 'Vil du huske mig på at ringe til mor?', imperative: 'Husk mig på at ringe til mor' },
      { text: 'Kan du huske hvad jeg sagde?', imperative: null },
    ],
  },
];

/** A request is a sentence; longer text is no request of this kind, and is not read. */
const MAX_REQUEST_CHARS = 400;

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The imperative a request asked as a question stands for, or null when `text` is no such request. */
export function askedRequest(text: string): string | null {
  if (text.length > MAX_REQUEST_CHARS) {
    return null;
  }
  for (const form of REQUEST_FORMS) {
    const match = form.pattern.exec(text);
    if (match !== null) {
      return capitalised(form.imperative(match.slice(1).map((group) => group ?? '')).trim());
    }
  }

  return null;
}
