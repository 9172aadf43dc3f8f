import { ApiError, call, storedKey, storeKey } from 'src/viewer/app/api';
import { BulletinView } from 'src/viewer/app/bulletin-view';
import { ChannelsView } from 'src/viewer/app/channels-view';
import { DetailView } from 'src/viewer/app/detail-view';
import { byId } from 'src/viewer/app/dom';
import { EntitiesView } from 'src/viewer/app/entities-view';
import { MemoriesView } from 'src/viewer/app/memories-view';
import { SearchView } from 'src/viewer/app/search-view';
import { clearError, run, showError, whenUnauthenticated } from 'src/viewer/app/ui';

type Tab = 'memories' | 'search' | 'bulletin' | 'channels' | 'entities';
const TABS: Tab[] = ['memories', 'search', 'bulletin', 'channels', 'entities'];

const detail = new DetailView({
  changed: () => memories.load(),
  openChannel: (channelId) => {
    select('channels');
    channels.open(channelId);
  },
});
const memories = new MemoriesView((id) => detail.open(id));
const search = new SearchView((id) => detail.open(id));
const bulletin = new BulletinView((id) => detail.open(id));
const channels = new ChannelsView((id) => detail.open(id));
const entities = new EntitiesView((id) => detail.open(id));

/** Tabs as the WAI-ARIA pattern: arrows move between them, the selected one is the only one in the tab order. */
function select(tab: Tab, focus = false): void {
  for (const name of TABS) {
    const button = byId(`tab-${name}`);
    const selected = name === tab;
    button.setAttribute('aria-selected', String(selected));
    button.tabIndex = selected ? 0 : -1;
    byId(`panel-${name}`).hidden = !selected;
    if (selected && focus) {
      button.focus();
    }
  }
  if (tab === 'bulletin') {
    bulletin.load();
  }
  if (tab === 'channels') {
    channels.load();
  }
  if (tab === 'entities') {
    entities.load();
  }
}

function wireTabs(): void {
  TABS.forEach((tab, index) => {
    const button = byId(`tab-${tab}`);
    button.addEventListener('click', () => select(tab));
    button.addEventListener('keydown', (event) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (step !== 0) {
        event.preventDefault();
        select(TABS[(index + step + TABS.length) % TABS.length] ?? 'memories', true);
      }
    });
  });
}

/** What the page shows: the login form, the session, or neither while the first call is out (no flash of either). */
type View = 'login' | 'session' | 'pending';

function show(view: View): void {
  byId('login').hidden = view !== 'login';
  byId('welcome').hidden = view !== 'login';
  byId('session').hidden = view !== 'session';
  byId('app').hidden = view !== 'session';
}

function logout(): void {
  storeKey(null);
  detail.close();
  show('login');
  byId<HTMLInputElement>('api-key').focus();
}

/** A keyless server needs no key, so there is none to forget: a note instead of the Disconnect button. */
function openSession(tenantId: string, keyless: boolean): void {
  byId('session-label').textContent = `Tenant ${tenantId}`;
  byId('keyless-note').hidden = !keyless;
  byId('logout').hidden = keyless;
  show('session');
  memories.mount();
  search.mount();
  bulletin.mount();
  channels.mount();
  entities.mount();
  select('memories');
  memories.first();
}

function whoAmI(): Promise<{ tenantId: string }> {
  return call<{ tenantId: string }>('GET', '/tenant');
}

/** Checks the key with one cheap call before showing anything; a wrong key stays on the login form with the error. */
function connect(): void {
  run(async () => {
    const { tenantId } = await whoAmI().catch((error: unknown) => {
      show('login');
      throw error;
    });
    openSession(tenantId, false);
  });
}

/**
 * No key stored: one quiet call without a key. A keyless server (no ENGRAM_API_KEYS, this machine only) answers for
 * its `default` tenant; a server with keys answers 401, which is the login form and no error.
 */
function probe(): void {
  whoAmI().then(
    ({ tenantId }) => openSession(tenantId, true),
    (error: unknown) => {
      show('login');
      if (!(error instanceof ApiError && error.status === 401)) {
        showError(error);
      }
    },
  );
}

function start(): void {
  wireTabs();
  whenUnauthenticated(() => {
    storeKey(null);
    show('login');
  });
  byId<HTMLFormElement>('login').addEventListener('submit', (event) => {
    event.preventDefault();
    const input = byId<HTMLInputElement>('api-key');
    const key = input.value.trim();
    input.value = '';
    if (!key) {
      showError(new Error('Paste an API key first.'));

      return;
    }
    storeKey(key);
    connect();
  });
  byId('logout').addEventListener('click', () => {
    clearError();
    logout();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !byId('detail').hidden) {
      detail.close();
    }
  });
  show('pending');
  if (storedKey()) {
    connect();
  } else {
    probe();
  }
}

start();
