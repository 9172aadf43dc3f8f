import cytoscape from 'cytoscape';
import type { Core, EdgeSingular, ElementDefinition, NodeSingular } from 'cytoscape';

import { RELATION_COLOURS, swatchOf } from 'src/viewer/app/colours';
import type { Neighbourhood } from 'src/viewer/app/types';

const CAPTION_CHARS = 40;
const MAX_FIT_ZOOM = 1.2;

function caption(content: string): string {
  return content.length > CAPTION_CHARS ? `${content.slice(0, CAPTION_CHARS - 1)}…` : content;
}

function elements(graph: Neighbourhood): ElementDefinition[] {
  const nodes: ElementDefinition[] = graph.nodes.map((node) => {
    const swatch = swatchOf(node.type);

    return {
      data: { id: node.id, label: caption(node.content), fill: swatch.fill, border: swatch.border, text: swatch.text },
      classes: [node.id === graph.centreId ? 'centre' : '', node.status === 'ACTIVE' ? '' : 'retired'].join(' ').trim(),
    };
  });
  const edges: ElementDefinition[] = graph.edges.map((edge) => {
    const style = RELATION_COLOURS[edge.type] ?? { colour: '#A5ABB6', width: 1 };

    return {
      data: {
        id: `${edge.fromId}>${edge.toId}>${edge.type}`,
        source: edge.fromId,
        target: edge.toId,
        label: edge.type,
        colour: style.colour,
        width: style.width,
      },
    };
  });

  return [...nodes, ...edges];
}

/** Draws the neighbourhood (colours per memory type as in Neo4j Browser); a tap on a memory opens it. */
export function drawGraph(container: HTMLElement, graph: Neighbourhood, open: (id: string) => void): Core {
  const cy = cytoscape({
    container,
    elements: elements(graph),
    minZoom: 0.2,
    maxZoom: 3,
    layout: {
      name: graph.nodes.length > 1 ? 'cose' : 'grid',
      animate: false,
      padding: 30,
      randomize: false,
      nodeRepulsion: () => 12000,
      idealEdgeLength: () => 70,
      nodeOverlap: 20,
    },
    style: [
      {
        selector: 'node',
        style: {
          'background-color': 'data(fill)',
          'border-color': 'data(border)',
          'border-width': 2,
          label: 'data(label)',
          color: '#1F2328',
          'font-size': 13,
          'text-wrap': 'wrap',
          'text-max-width': '140px',
          'text-valign': 'bottom',
          'text-margin-y': 4,
          'text-background-color': '#FFFFFF',
          'text-background-opacity': 0.85,
          'text-background-padding': '2px',
          width: 34,
          height: 34,
        },
      },
      {
        selector: 'node.centre',
        style: { width: 52, height: 52, 'border-width': 4, 'border-color': '#1F2328', 'font-weight': 'bold' },
      },
      { selector: 'node.retired', style: { opacity: 0.55, 'border-style': 'dashed' } },
      {
        selector: 'edge',
        style: {
          width: 'data(width)',
          'line-color': 'data(colour)',
          'target-arrow-color': 'data(colour)',
          'target-arrow-shape': 'triangle',
          'curve-style': 'bezier',
          // the relation is named on hover or selection only: a label on every edge overlaps the memories' captions
          label: '',
          'font-size': 12,
          color: '#1F2328',
          'text-background-color': '#FFFFFF',
          'text-background-opacity': 1,
          'text-background-padding': '3px',
          'text-border-color': '#D0D7DE',
          'text-border-width': 1,
          'text-border-opacity': 1,
        },
      },
      { selector: 'edge.hover, edge:selected', style: { label: 'data(label)', 'z-index': 10 } },
    ],
  });
  // a lone memory or a pair would be fitted to the whole box: keep them at their natural size
  if (cy.zoom() > MAX_FIT_ZOOM) {
    cy.zoom(MAX_FIT_ZOOM);
    cy.center();
  }
  cy.edges().on('mouseover', (event) => (event.target as EdgeSingular).addClass('hover'));
  cy.edges().on('mouseout', (event) => (event.target as EdgeSingular).removeClass('hover'));
  cy.nodes().on('tap', (event) => {
    const id = (event.target as NodeSingular).id();
    if (id !== graph.centreId) {
      open(id);
    }
  });

  return cy;
}
