import { FILLER } from 'src/language/en/lead-words';
import { regexPattern } from 'src/language/pattern-table';
import type { ExtractionPattern } from 'src/language/pattern-table';

/**
 * A request about the memory itself: "ignore what I said about my job", "scratch the Krakow thing", "can you forget my
 * email?", "don't keep my birthday on file", "that dentist thing is wrong". The value says what to forget.
 */
export const forgetRequests: ExtractionPattern[] = [
  {
    id: 'en.forget.can-you',
    source: String.raw`(?:can|could|would|will) you (?:please )?(?:forget|delete|remove|erase|drop) (?:about )?(?:that |the fact that )?(?<v>[^?!]{3,}?)`,
    examples: [
      { text: 'can you forget my email?', value: 'my email' },
      { text: 'Could you delete that I live in Bonn', value: 'I live in Bonn' },
      { text: 'Can you send my email?', value: null },
    ],
  },
  {
    id: 'en.forget.ignore-what-i-said',
    source: String.raw`(?:please )?(?:ignore|disregard|forget|scratch|drop|delete|remove|never mind|nevermind) (?:what|everything|anything|all) i (?:said|told you|mentioned|wrote|shared) (?:earlier |before )?about (?<v>.{2,}?)`,
    examples: [
      { text: 'ignore what I said about my job', value: 'my job' },
      { text: 'please disregard what I told you about where I live', value: 'where I live' },
      { text: 'scratch what I said about Berlin', value: 'Berlin' },
      { text: 'Ignore the noise outside', value: null },
    ],
  },
  {
    id: 'en.forget.the-thing',
    source: String.raw`(?:you can )?(?:scratch|drop|ditch|bin|never mind|nevermind|ignore|forget about|forget) (?:the|that|my) (?<v>[^,.;]{2,60}?) (?:thing|bit|part|stuff)`,
    examples: [
      { text: 'Scratch the Krakow thing, I never lived there', value: 'Krakow' },
      { text: 'You can drop the Bolt thing, that was never true', value: 'Bolt' },
      { text: 'never mind the nickname thing', value: 'nickname' },
      { text: 'ugh forget the jojo thing, just use my real name', value: 'jojo' },
      { text: 'I will drop the kids at school', value: null },
    ],
  },
  {
    id: 'en.forget.dont-keep',
    source: String.raw`(?:please )?(?:don't|do not|dont) (?:keep|store|save|hold on to) (?<v>my [^,.;]{2,60}?)(?: on file| anymore| any more| for me)?(?: please)?`,
    examples: [
      { text: "don't keep my birthday on file please", value: 'my birthday' },
      { text: "Please don't store my email anymore", value: 'my email' },
      { text: "Don't keep the receipts", value: null },
    ],
  },
  // "nvm about the move, we're staying put", "ignore that last bit about my job"
  {
    id: 'en.forget.never-mind-about',
    source: String.raw`(?:nvm|never mind|nevermind|scratch that|ignore that|forget that|disregard that)(?: last)?(?: bit| part| thing)? (?:about|on|re) (?<v>[^,.;!?]{2,60}?)`,
    examples: [
      { text: "nvm about the move, we're staying put", value: 'the move' },
      { text: 'ignore that last bit about my job', value: 'my job' },
      { text: 'never mind', value: null },
    ],
  },
  // what another extractor writes of a request: "User asked to stop using the nickname Dolly"
  {
    id: 'en.forget.reported',
    source: String.raw`(?:the )?user (?:asked|requested|wants|wanted)(?: me| us| you)? (?:to )?(?:forget|delete|remove|erase|not (?:store|keep|save|remember)|stop (?:using|storing|keeping)) (?:about )?(?<v>(?:their|his|her|the|my) [^,.;]{2,60}?)`,
    examples: [
      { text: 'User asked to stop using the nickname Dolly', value: 'the nickname Dolly' },
      { text: 'The user asked me to forget their address', value: 'their address' },
      { text: 'User asked about the weather', value: null },
    ],
  },
  {
    id: 'en.forget.reported-not-stored',
    source: String.raw`(?:the )?user (?:asked|requested|wants|wanted) (?:that )?(?<v>(?:their|his|her|my) [^,.;]{2,40}?) (?:(?:not be|never be|no longer be) (?:stored|kept|saved|remembered|recorded|logged)|be (?:deleted|removed|erased|forgotten))`,
    examples: [
      { text: 'User asked that their birthday not be stored', value: 'their birthday' },
      { text: 'User asked that their pronouns not be recorded.', value: 'their pronouns' },
      { text: 'The user requested that their phone number be deleted', value: 'their phone number' },
      { text: 'User asked that their birthday be remembered', value: null },
    ],
  },
  // "User does not want their age stored"
  {
    id: 'en.forget.reported-not-wanted',
    source: String.raw`(?:the )?user (?:does not|doesn't|did not|didn't|no longer) wants? (?<v>(?:their|his|her) [^,.;]{2,40}?) (?:to be )?(?:stored|kept|saved|remembered)(?: anymore| any more)?`,
    examples: [
      { text: 'User does not want their age stored.', value: 'their age' },
      { text: "The user doesn't want their address to be kept", value: 'their address' },
      { text: 'User does not want their coffee cold', value: null },
    ],
  },
  {
    id: 'en.forget.thing-is-wrong',
    source: String.raw`that (?<v>[^,.;]{2,60}?) (?:thing|bit|part|stuff) (?:is|was) (?:wrong|not true|a mistake|made up|false|outdated)`,
    examples: [
      { text: 'that dentist thing is wrong, I never was one', value: 'dentist' },
      { text: 'That dentist was wrong about my teeth', value: null },
    ],
  },
].map(({ id, source, examples }) =>
  regexPattern({
    id,
    kind: 'forget',
    pattern: new RegExp(String.raw`^${FILLER}${source}(?=$|[.,;!?])`, 'u'),
    examples,
  }),
);
