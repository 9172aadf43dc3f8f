import { beyondLoopback, parseProcNet } from 'test/support/process-sockets';

const header = '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode';
const row = (local: string, remote: string, state: string, inode: number) =>
  `   0: ${local} ${remote} ${state} 00000000:00000000 00:00000000 00000000     0        0 ${inode} 1 0 100 0 0 10 0`;

describe('parseProcNet', () => {
  it('should decode IPv4 and IPv6 addresses, ports, states and inodes as the kernel prints them', () => {
    const tcp = [
      header,
      row('0100007F:1E47', '00000000:0000', '0A', 11),
      row('0500000A:C350', '0100A8C0:01BB', '01', 12),
    ];
    const tcp6 = [
      header,
      row('00000000000000000000000001000000:1E47', '00000000000000000000000000000000:0000', '0A', 21),
      row('0000000000000000FFFF00000100007F:1E47', '0000000000000000FFFF00000100007F:D431', '01', 22),
      row('00000000000000000000000000000000:1E47', '00000000000000000000000000000000:0000', '0A', 23),
    ];

    expect(parseProcNet(tcp.join('\n'), 'tcp')).toEqual([
      {
        protocol: 'tcp',
        local: '127.0.0.1',
        localPort: 7751,
        remote: '0.0.0.0',
        remotePort: 0,
        state: '0A',
        inode: '11',
      },
      {
        protocol: 'tcp',
        local: '10.0.0.5',
        localPort: 50000,
        remote: '192.168.0.1',
        remotePort: 443,
        state: '01',
        inode: '12',
      },
    ]);
    expect(parseProcNet(tcp6.join('\n'), 'tcp6').map((s) => [s.local, s.remote])).toEqual([
      ['::1', '::'],
      ['::ffff:127.0.0.1', '::ffff:127.0.0.1'],
      ['::', '::'],
    ]);
  });
});

describe('beyondLoopback', () => {
  const socket = (local: string, remote: string, remotePort = 0) => ({
    protocol: 'tcp',
    local,
    localPort: 7687,
    remote,
    remotePort,
    state: '01',
    inode: '1',
  });

  it('should pass a loopback listener and loopback connections', () => {
    expect(beyondLoopback(socket('127.0.0.1', '0.0.0.0'))).toBeNull();
    expect(beyondLoopback(socket('::1', '::'))).toBeNull();
    expect(beyondLoopback(socket('::ffff:127.0.0.1', '::ffff:127.0.0.1', 54321))).toBeNull();
  });

  it('should name a wildcard or outside binding and an outside connection', () => {
    expect(beyondLoopback(socket('0.0.0.0', '0.0.0.0'))).toMatch(/^bound beyond loopback/);
    expect(beyondLoopback(socket('::', '::'))).toMatch(/^bound beyond loopback/);
    expect(beyondLoopback(socket('127.0.0.1', '104.18.0.1', 443))).toMatch(
      /^connected beyond loopback: .*104\.18\.0\.1:443/,
    );
  });
});
