import { autoLinkType } from 'src/domain/write-policy';
import { E5_SMALL_THRESHOLDS, thresholdsForModel, USE_THRESHOLDS } from 'src/embedding/similarity-thresholds';

describe('thresholdsForModel', () => {
  it('should give USE its own values and the hash embedder and unknown models the same', () => {
    expect(thresholdsForModel('use-lite-v1-512')).toEqual(USE_THRESHOLDS);
    expect(thresholdsForModel('hash-256')).toEqual(USE_THRESHOLDS);
    expect(thresholdsForModel('nomic-embed-text')).toEqual(USE_THRESHOLDS);
  });

  it('should give both E5-small builds the E5 values, stricter than USE where E5 packs unrelated pairs high', () => {
    expect(thresholdsForModel('e5-small-v2')).toEqual(E5_SMALL_THRESHOLDS);
    expect(thresholdsForModel('e5-small-v2-q')).toEqual(E5_SMALL_THRESHOLDS);
    expect(E5_SMALL_THRESHOLDS.related).toBeGreaterThan(USE_THRESHOLDS.related);
  });

  it('should let explicit settings override the model and ignore unset ones', () => {
    const t = thresholdsForModel('e5-small-v2', { related: 0.7, updates: undefined });

    expect(t.related).toBe(0.7);
    expect(t.updates).toBe(E5_SMALL_THRESHOLDS.updates);
  });

  it('should keep the edge order for every model: related below updates below near duplicate', () => {
    for (const t of [USE_THRESHOLDS, E5_SMALL_THRESHOLDS]) {
      expect(t.related).toBeLessThan(t.updates);
      expect(t.updates).toBeLessThan(t.nearDuplicate + 0.001);
      expect(t.arbiterFloor).toBeLessThan(t.nearDuplicate);
    }
  });

  it('should not link two unrelated E5 sentences at a cosine USE called related', () => {
    // "I live in Copenhagen." vs "I am allergic to peanuts." under E5
    expect(autoLinkType(0.799, thresholdsForModel('e5-small-v2'))).toBeNull();
    expect(autoLinkType(0.799, thresholdsForModel('use-lite-v1-512'))).toBe('RELATED_TO');
  });
});
