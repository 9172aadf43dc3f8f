import { EN_IDENTITY_CUES } from 'src/language/en/slot-cues-identity';
import { EN_LIFE_CUES } from 'src/language/en/slot-cues-life';
import { EN_PERSONAL_CUES } from 'src/language/en/slot-cues-personal';
import type { SlotCue } from 'src/language/slot-cue';

/**
 * English self-descriptions, tried in order on the lower-cased text (see src/language/slots.ts): each names its
 * slot, its pattern (group 1 is the value) and examples the table spec runs.
 */
export const EN_SLOT_CUES: readonly SlotCue[] = [...EN_IDENTITY_CUES, ...EN_LIFE_CUES, ...EN_PERSONAL_CUES];
