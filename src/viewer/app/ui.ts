import { ApiError } from 'src/viewer/app/api';
import { swatchOf } from 'src/viewer/app/colours';
import { byId, el } from 'src/viewer/app/dom';

/** What every view shares: the error banner, polite announcements, the memory type chip. */
let onUnauthenticated: (message: string) => void = () => undefined;

export function whenUnauthenticated(handler: (message: string) => void): void {
  onUnauthenticated = handler;
}

export function showError(error: unknown): void {
  const banner = byId('error');
  if (error instanceof ApiError) {
    banner.textContent =
      error.status === 401
        ? 'This API key was not accepted. Paste one of the keys in the server’s ENGRAM_API_KEYS (the part after "tenant:").'
        : `${error.code}: ${error.message}`;
    if (error.status === 401) {
      onUnauthenticated(banner.textContent);
    }
  } else {
    banner.textContent = error instanceof Error ? error.message : String(error);
  }
  banner.hidden = false;
}

export function clearError(): void {
  const banner = byId('error');
  banner.hidden = true;
  banner.textContent = '';
}

export function announce(text: string): void {
  byId('status').textContent = text;
}

/** Runs a user action: clears the banner first, shows any error in it. */
export function run(action: () => Promise<void>): void {
  clearError();
  action().catch(showError);
}

export function typeChip(type: string): HTMLElement {
  const swatch = swatchOf(type);
  const chip = el('span', { class: 'chip' }, swatch.label);
  // CSSOM, not a style attribute: the page's Content-Security-Policy allows no inline styles
  chip.style.backgroundColor = swatch.fill;
  chip.style.borderColor = swatch.border;
  chip.style.color = swatch.text;

  return chip;
}

export function statusBadge(status: string): HTMLElement {
  return el('span', { class: `badge status-${status.toLowerCase()}` }, status);
}

export function labelled(label: string, control: HTMLElement & { id: string }): HTMLElement {
  return el('div', { class: 'field' }, el('label', { for: control.id }, label), control);
}

export function select(id: string, options: readonly (readonly [string, string])[], value = ''): HTMLSelectElement {
  return el(
    'select',
    { id, name: id },
    options.map(([optionValue, text]) => el('option', { value: optionValue, selected: optionValue === value }, text)),
  );
}
