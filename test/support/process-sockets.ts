import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** One internet socket of a process, from /proc/net/{tcp,udp,raw}{,6} (proc(5)). */
export interface ProcSocket {
  protocol: string;
  local: string;
  localPort: number;
  remote: string;
  remotePort: number;
  /** TCP state in hex as the kernel prints it: 0A is LISTEN, 01 ESTABLISHED, 02 SYN_SENT. */
  state: string;
  inode: string;
}

const TABLES = ['tcp', 'tcp6', 'udp', 'udp6', 'raw', 'raw6'];
export const TCP_LISTEN = '0A';

/** The kernel prints each 32-bit word of an address in host (little-endian) byte order. */
function decodeAddress(hex: string): string {
  const network = (hex.match(/.{8}/g) ?? []).map((word) => (word.match(/../g) ?? []).reverse().join('')).join('');
  const v4 = (bytes: string) => (bytes.match(/../g) ?? []).map((byte) => parseInt(byte, 16)).join('.');
  if (network.length === 8) {
    return v4(network);
  }
  if (/^0{20}ffff/i.test(network)) {
    return `::ffff:${v4(network.slice(24))}`;
  }
  const groups = (network.match(/.{4}/g) ?? []).map((group) => parseInt(group, 16).toString(16));

  return groups
    .join(':')
    .replace(/^(0:)+0$/, '::')
    .replace(/^(0:)+1$/, '::1');
}

/** sl, local address:port, remote address:port, state, 5 fields, inode */
const ROW = /^\s*\d+:\s+([0-9A-F]+):([0-9A-F]+)\s+([0-9A-F]+):([0-9A-F]+)\s+([0-9A-F]{2})(?:\s+\S+){5}\s+(\d+)/i;

/** The rows of one /proc/net table (its header line skipped). */
export function parseProcNet(text: string, protocol: string): ProcSocket[] {
  return text.split('\n').flatMap((line) => {
    const match = ROW.exec(line);
    if (!match) {
      return [];
    }
    const [, local = '', localPort = '', remote = '', remotePort = '', state = '', inode = ''] = match;

    return [
      {
        protocol,
        local: decodeAddress(local),
        localPort: parseInt(localPort, 16),
        remote: decodeAddress(remote),
        remotePort: parseInt(remotePort, 16),
        state,
        inode,
      },
    ];
  });
}

export function isLoopback(address: string): boolean {
  return /^127\./.test(address) || address === '::1' || /^::ffff:127\./.test(address);
}

const UNSPECIFIED = new Set(['0.0.0.0', '::']);

/** Why a socket reaches beyond loopback (bound to a wildcard or outside address, or connected out), or null. */
export function beyondLoopback(socket: ProcSocket): string | null {
  const where = `${socket.protocol} ${socket.local}:${socket.localPort} -> ${socket.remote}:${socket.remotePort}`;
  if (!isLoopback(socket.local)) {
    return `bound beyond loopback: ${where}`;
  }
  const unconnected = UNSPECIFIED.has(socket.remote) && socket.remotePort === 0;

  return unconnected || isLoopback(socket.remote) ? null : `connected beyond loopback: ${where}`;
}

/** The socket inodes among a process's open files (/proc/<pid>/fd links read `socket:[inode]`). */
function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
      if (inode !== undefined) {
        inodes.add(inode);
      }
    } catch {
      // the descriptor closed while the directory was read
    }
  }

  return inodes;
}

/** Every internet socket in the network namespace `pid` lives in. */
function namespaceSockets(pid: number | 'self'): ProcSocket[] {
  return TABLES.flatMap((table) => {
    try {
      return parseProcNet(readFileSync(`/proc/${pid}/net/${table}`, 'utf8'), table);
    } catch {
      return [];
    }
  });
}

/** The internet sockets process `pid` holds open. */
export function processSockets(pid: number): ProcSocket[] {
  const inodes = socketInodes(pid);

  return namespaceSockets(pid).filter((socket) => inodes.has(socket.inode));
}

/** The process listening on TCP `port` in this network namespace, when this user may read its descriptors. */
export function listenerPid(port: number): number | null {
  const listeners = new Set(
    namespaceSockets('self')
      .filter((socket) => socket.protocol.startsWith('tcp') && socket.state === TCP_LISTEN && socket.localPort === port)
      .map((socket) => socket.inode),
  );
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if ([...socketInodes(Number(entry))].some((inode) => listeners.has(inode))) {
        return Number(entry);
      }
    } catch {
      // a process that ended, or one this user may not inspect
    }
  }

  return null;
}
