import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { encodeBase64 } from '../../lib/shared/proxy/base64.ts';
import { parseShareLink, shareLink } from '../../lib/shared/proxy/share-link.ts';
import { v2rayOutbound, type V2rayOutbound } from './v2ray-outbound.ts';

const UUID = 'b831381d-6324-4d53-ad4f-8cda48b30811';
const work = mkdtempSync(join(tmpdir(), 'atrium-v2ray-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Debian's `v2ray -test` on a config holding `outbounds`: its verdict and what it said. */
function v2rayTest(outbounds: readonly V2rayOutbound[]): { ok: boolean; output: string } {
  const file = join(work, `config-${outbounds.length}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify({ log: { loglevel: 'none' }, outbounds }));
  const run = spawnSync('v2ray', ['-test', '-config', file], { encoding: 'utf8' });
  if (run.error) throw new Error(`v2ray is needed (Debian's v2ray package): ${run.error.message}`);
  const output = `${run.stdout}${run.stderr}`;
  return { ok: run.status === 0 && output.includes('Configuration OK'), output };
}

/** Links of every kind V2Ray 4 can connect through, as providers and clients write them. */
const COMPATIBLE = [
  `vmess://${encodeBase64(JSON.stringify({ v: '2', ps: '香港 ws', add: 'hk.example.com', port: '443', id: UUID, aid: '0', scy: 'auto', net: 'ws', type: 'none', host: 'cdn.example.com', path: '/ray', tls: 'tls', sni: 'cdn.example.com', alpn: 'h2,http/1.1' }))}`,
  `vmess://${encodeBase64(JSON.stringify({ v: '2', ps: 'tcp http', add: '1.2.3.4', port: 80, id: UUID, aid: 0, net: 'tcp', type: 'http', host: 'a.example,b.example', path: '/x' }))}`,
  `vmess://${UUID}@kcp.example:9000?encryption=auto&type=kcp&headerType=wechat-video&seed=s33d#kcp`,
  `vless://${UUID}@vless.example:443?encryption=none&security=tls&sni=vless.example&type=ws&path=%2Fv&host=vless.example#vless ws`,
  `vless://${UUID}@[2001:db8::5]:443?encryption=none&security=tls&type=h2&path=%2Fh2&host=h2.example#h2`,
  'trojan://p%40ss@trojan.example:443?security=tls&sni=trojan.example&allowInsecure=1#trojan',
  'trojan://pw@quic.example:443?security=tls&type=quic&quicSecurity=aes-128-gcm&key=k3y&headerType=srtp#quic',
  `ss://${encodeBase64('aes-256-gcm:secret').replace(/=+$/, '')}@ss.example:8388#ss`,
  `ss://${encodeBase64('chacha20-ietf-poly1305:pa:ss@198.51.100.7:8389')}#ss legacy`,
  `socks://${encodeBase64('alice:s3cret')}@10.0.0.2:1080#socks`,
  'socks5://proxy.example:1080#socks without users',
  'http://bob:pw@proxy.example:3128#http',
  'https://bob:pw@proxy.example:8443#https',
];

test('every link V2Ray 4 can use, written by the proxy area and read back, passes `v2ray -test`', () => {
  const outbounds = COMPATIBLE.map((link, i) => {
    const node = parseShareLink(shareLink(parseShareLink(link)));
    const made = v2rayOutbound(node, `n${i}`);
    if (!made.ok) throw new Error(`${link}: ${made.reason}`);
    return made.value;
  });
  const verdict = v2rayTest(outbounds);
  expect(verdict.output).toContain('Configuration OK');
  expect(verdict.ok).toBe(true);
});

test('v2ray refuses what is wrong: the check can fail', () => {
  const node = parseShareLink(`vless://not-a-uuid@vless.example:443?encryption=none#bad`);
  const made = v2rayOutbound(node, 'bad');
  if (!made.ok) throw new Error(made.reason);
  const verdict = v2rayTest([made.value]);
  expect(verdict.ok).toBe(false);
  expect(verdict.output).toMatch(/invalid UUID/i);
});

test.each([
  ['hy2://pw@hy.example:443#hy2', /no hysteria2/],
  [`tuic://${UUID}:pw@tuic.example:443#tuic`, /no tuic/],
  [`vless://${UUID}@r.example:443?security=reality&pbk=k&sid=1#reality`, /no REALITY/],
  [`vless://${UUID}@g.example:443?security=tls&type=grpc&serviceName=s#grpc`, /no grpc transport/],
  [`vless://${UUID}@v.example:443?flow=xtls-rprx-vision&security=tls#vision`, /no VLESS flow/],
  ['ss://2022-blake3-aes-128-gcm:a2V5@ss.example:1#2022', /no Shadowsocks cipher 2022/],
])('%s is reported as beyond V2Ray 4, not guessed', (link, reason) => {
  const made = v2rayOutbound(parseShareLink(link), 'x');
  expect(made.ok).toBe(false);
  if (!made.ok) expect(made.reason).toMatch(reason);
});
