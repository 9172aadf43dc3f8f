import { call } from 'src/viewer/app/api';
import { byId, el, formatNumber, render } from 'src/viewer/app/dom';
import type { ScoreBreakdown, SearchResult } from 'src/viewer/app/types';
import { announce, labelled, run, select, typeChip } from 'src/viewer/app/ui';

const BREAKDOWN: [keyof ScoreBreakdown, string][] = [
  ['text', 'Full text (BM25)'],
  ['vector', 'Vector (cosine)'],
  ['graph', 'Graph neighbour'],
  ['rrf', 'Rank fusion (RRF)'],
  ['relevance', 'Relevance'],
  ['importance', 'Importance'],
  ['confidence', 'Confidence'],
  ['recency', 'Recency'],
  ['scope', 'Scope boost'],
];

/** Recall through the hybrid pipeline, with every hit's score breakdown. */
export class SearchView {
  private readonly results = el('div', { class: 'results' });

  constructor(private readonly open: (id: string) => void) {}

  mount(): void {
    const form = el(
      'form',
      { class: 'filters', role: 'search', 'aria-label': 'Search memories' },
      labelled(
        'Search for',
        el('input', {
          id: 'search-query',
          type: 'search',
          required: true,
          placeholder: 'e.g. what does the user drink',
          spellcheck: 'false',
        }),
      ),
      labelled(
        'Asked from channel',
        el('input', { id: 'search-channel', type: 'text', placeholder: 'optional channel id', spellcheck: 'false' }),
      ),
      labelled(
        'Hits',
        select(
          'search-limit',
          [
            ['5', '5'],
            ['10', '10'],
            ['25', '25'],
            ['50', '50'],
          ],
          '10',
        ),
      ),
      el('div', { class: 'actions' }, el('button', { type: 'submit' }, 'Search')),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.search();
    });
    render(
      byId('panel-search'),
      el('h2', {}, 'Search'),
      el(
        'p',
        { class: 'muted' },
        'Hybrid recall: full text, vectors and graph neighbours fused, then weighted by importance, confidence, recency and scope.',
      ),
      form,
      this.results,
    );
  }

  private search(): void {
    run(async () => {
      const result = await call<SearchResult>('GET', '/memories/search', {
        q: byId<HTMLInputElement>('search-query').value,
        channelId: byId<HTMLInputElement>('search-channel').value.trim(),
        limit: byId<HTMLSelectElement>('search-limit').value,
      });
      const summary = `${result.hits.length} ${result.hits.length === 1 ? 'hit' : 'hits'} in ${result.tookMs.toFixed(1)} ms${result.usedVectors ? '' : ' (text and graph only: the query could not be embedded)'}`;
      render(
        this.results,
        el('p', { class: 'muted', id: 'search-summary' }, summary),
        result.hits.length === 0 ? el('p', { class: 'empty' }, 'Nothing found.') : null,
        el(
          'ol',
          { class: 'hits', 'aria-describedby': 'search-summary' },
          result.hits.map((hit, index) =>
            el(
              'li',
              { class: 'hit' },
              el(
                'div',
                { class: 'hit-head' },
                typeChip(hit.memory.type),
                el(
                  'button',
                  { type: 'button', class: 'link', onclick: () => this.open(hit.memory.id) },
                  hit.memory.content,
                ),
                el('span', { class: `tier tier-${hit.tier.toLowerCase()}` }, hit.tier),
                el('span', { class: 'score', 'aria-label': `score ${hit.score.toFixed(3)}` }, hit.score.toFixed(3)),
              ),
              el(
                'table',
                { class: 'breakdown' },
                el('caption', { class: 'visually-hidden' }, `Score breakdown of hit ${index + 1}`),
                el(
                  'thead',
                  {},
                  el(
                    'tr',
                    {},
                    BREAKDOWN.map(([, label]) => el('th', { scope: 'col' }, label)),
                  ),
                ),
                el(
                  'tbody',
                  {},
                  el(
                    'tr',
                    {},
                    BREAKDOWN.map(([key]) => el('td', {}, formatNumber(hit.explanation[key]))),
                  ),
                ),
              ),
            ),
          ),
        ),
      );
      announce(summary);
    });
  }
}
