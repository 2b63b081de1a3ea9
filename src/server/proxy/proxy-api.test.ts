import { gunzipSync } from 'node:zlib';
import { parse as parseYaml } from 'yaml';
import { afterEach, describe, expect, test } from 'vitest';
import { decodeBase64, encodeBase64 } from '../../lib/shared/proxy/base64.ts';
import { parseShareLinks } from '../../lib/shared/proxy/share-link.ts';
import { DIALECTS } from '../../../tests/helpers/test-db.ts';
import { startProxy, startUpstream, type ProxyTest, type Upstream } from './proxy.test-helpers.ts';
import { SubscriptionSchedule } from './subscription-schedule.ts';

const VLESS =
  'vless://5f6e2a3b-1c2d-4e5f-8a9b-0c1d2e3f4a5b@hk.example:443?encryption=none&flow=xtls-rprx-vision&security=reality&sni=www.microsoft.com&fp=chrome&pbk=Y3J5cHRvZ3JhcGh5LWlzLWZ1bi1idXQtaGFyZC0xMjM&sid=6ba85179e30d4fc2&type=tcp#%F0%9F%87%AD%F0%9F%87%B0%20%E9%A6%99%E6%B8%AF%2001';
const TROJAN = 'trojan://secret@jp.example:443?sni=jp.example#Japan%20Tokyo';
const HY2 =
  'hy2://letmein@us.example:443/?obfs=salamander&obfs-password=gawr&sni=us.example#US%20LA';
const LINKS = [VLESS, TROJAN, HY2].join('\n');

let p: ProxyTest;
let upstream: Upstream | null = null;
afterEach(async () => {
  await p.t.close();
  await upstream?.close();
  upstream = null;
});

const forever = { mode: 'all' } as const;
const tokenBody = (extra: object = {}) => ({
  name: 'Friend',
  scope: forever,
  expireTime: null,
  dailyLimit: 0,
  notes: '',
  ...extra,
});

describe.each(DIALECTS)('proxy area on %s', (dialect) => {
  test('nodes: preview, save what parses, list with filters, edit (detaches), delete', async () => {
    p = await startProxy(dialect);
    const pasted = `${LINKS}\nvless://host.example:443\nnot a link\n`;
    const preview = await p.call('POST', '/node/preview', p.admin, { links: pasted });
    expect(preview.statusCode).toBe(200);
    expect(preview.body.data.nodes.map((n: { region: string }) => n.region)).toEqual([
      'HK',
      'JP',
      'US',
    ]);
    expect(preview.body.data.errors.map((e: { line: number }) => e.line)).toEqual([4, 5]);
    expect(preview.body.data.errors[1].error).toMatch(/not a share link/);
    expect((await p.call('GET', '/node', p.admin)).body.data.totalRecordNum).toBe(0);

    const saved = await p.call('POST', '/node', p.admin, { links: pasted });
    expect(saved.body.data.nodes).toHaveLength(3);
    expect(saved.body.data.errors).toHaveLength(2);
    const [hk] = saved.body.data.nodes;
    expect(hk).toMatchObject({ type: 'vless', server: 'hk.example', port: 443, region: 'HK' });
    expect(hk.tls).toMatchObject({ security: 'reality', pbk: expect.any(String) });
    expect(parseShareLinks(hk.link)[0]).toMatchObject({ ok: true });

    const byType = await p.call('GET', '/node?type=trojan', p.admin);
    expect(byType.body.data.records.map((n: { name: string }) => n.name)).toEqual(['Japan Tokyo']);
    const byRegion = await p.call('GET', '/node?region=US', p.admin);
    expect(byRegion.body.data.records.map((n: { type: string }) => n.type)).toEqual(['hysteria2']);
    const searched = await p.call('GET', '/node?search=JP.EXAMPLE', p.admin);
    expect(searched.body.data.totalRecordNum).toBe(1);
    const sorted = await p.call('GET', '/node?sort=name&order=asc', p.admin);
    expect(sorted.body.data.records.map((n: { server: string }) => n.server)).toEqual([
      'jp.example',
      'us.example',
      'hk.example',
    ]);

    const edit = {
      name: 'HK renamed',
      server: 'hk2.example',
      port: 8443,
      ports: null,
      credentials: hk.credentials,
      transport: hk.transport,
      tls: hk.tls,
    };
    const edited = await p.call('PUT', `/node/${hk.id}`, p.admin, edit);
    expect(edited.statusCode).toBe(200);
    expect(edited.body.data).toMatchObject({
      name: 'HK renamed',
      server: 'hk2.example',
      port: 8443,
    });
    expect(edited.body.data.link).toContain('@hk2.example:8443');
    const broken = await p.call('PUT', `/node/${hk.id}`, p.admin, {
      ...edit,
      credentials: { ...hk.credentials, id: '' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.body.message).toMatch(/body/);
    expect((await p.call('PUT', '/node/nope', p.admin, edit)).statusCode).toBe(404);
    // A lone surrogate (valid JSON text, no valid UTF-16) is written as U+FFFD, never a 500.
    const odd = await p.call('PUT', `/node/${hk.id}`, p.admin, { ...edit, name: 'HK \ud800' });
    expect(odd.statusCode).toBe(200);
    expect(odd.body.data.link).toContain('#HK%20%EF%BF%BD');
    const token = await p.call('POST', '/token', p.admin, tokenBody({ name: 'T \ud800' }));
    expect((await p.fetchLink(`/${token.body.data.secret}?target=clash`)).statusCode).toBe(200);

    expect((await p.call('DELETE', `/node/${hk.id}`, p.admin)).statusCode).toBe(200);
    expect((await p.call('GET', `/node/${hk.id}`, p.admin)).statusCode).toBe(404);
    expect((await p.call('DELETE', `/node/${hk.id}`, p.admin)).statusCode).toBe(404);
  });

  test('every endpoint: signed out 401, without the role 403', async () => {
    p = await startProxy(dialect);
    const routes: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object][] = [
      ['GET', '/node'],
      ['GET', '/node/x'],
      ['POST', '/node/preview', { links: TROJAN }],
      ['POST', '/node', { links: TROJAN }],
      ['PUT', '/node/x', {}],
      ['DELETE', '/node/x'],
      ['GET', '/sub'],
      ['GET', '/sub/x'],
      ['POST', '/sub', {}],
      ['PUT', '/sub/x', {}],
      ['POST', '/sub/x/sync'],
      ['DELETE', '/sub/x'],
      ['GET', '/token'],
      ['GET', '/token/x'],
      ['POST', '/token', {}],
      ['PUT', '/token/x', {}],
      ['POST', '/token/x/rotate'],
      ['POST', '/token/x/revoke'],
      ['DELETE', '/token/x'],
      ['GET', '/token/x/use'],
    ];
    for (const [method, url, body] of routes) {
      for (const [who, status] of [
        [null, 401],
        [p.plain, 403],
        [p.blogAdmin, 403],
      ] as const) {
        const res = await p.call(method, url, who, body);
        expect(res.statusCode, `${method} ${url} by ${who ?? 'nobody'}`).toBe(status);
      }
    }
    expect((await p.call('GET', '/node', p.admin)).statusCode).toBe(200);
  });

  test('subscriptions: sync with options and quota, 304, failures keep nodes, delete', async () => {
    upstream = await startUpstream();
    p = await startProxy(dialect);
    upstream.answer('/sub', {
      body: encodeBase64(LINKS),
      headers: {
        etag: '"1"',
        'subscription-userinfo': 'upload=100; download=200; total=1000; expire=1798761600',
      },
    });
    const made = await p.call('POST', '/sub', p.admin, {
      name: 'Provider',
      url: upstream.url('/sub'),
      prefix: 'P-',
      exclude: 'tokyo',
    });
    expect(made.statusCode).toBe(200);
    const sub = made.body.data.subscription;
    expect(made.body.data.synced).toBe(true);
    expect(sub).toMatchObject({
      intervalHours: 6,
      nodeCount: 2,
      lastSync: { ok: true, changed: true, nodesFound: 3, error: null },
      userinfo: { upload: 100, download: 200, total: 1000, expire: 1798761600 },
    });
    expect(Date.parse(sub.nextSyncTime) - p.clock.now).toBe(6 * 3_600_000);
    const nodes = (
      await p.call('GET', `/node?subscriptionId=${sub.id}&sort=name&order=asc`, p.admin)
    ).body.data.records;
    expect(nodes.map((n: { name: string }) => n.name)).toEqual(['P-US LA', 'P-🇭🇰 香港 01']);
    expect(nodes[0].subscription).toEqual({ id: sub.id, name: 'Provider' });

    // Unchanged upstream: 304, nodes kept as they are.
    const again = await p.call('POST', `/sub/${sub.id}/sync`, p.admin);
    expect(again.body.data.subscription.lastSync).toMatchObject({ ok: true, changed: false });
    expect(upstream.requests.at(-1)?.ifNoneMatch).toBe('"1"');

    // A node edited by hand leaves the subscription and survives its syncs.
    const la = nodes[0];
    const { server, port, ports, credentials, transport, tls } = la;
    const detached = await p.call('PUT', `/node/${la.id}`, p.admin, {
      name: 'Mine now',
      ...{ server, port, ports, credentials, transport, tls },
    });
    expect(detached.statusCode).toBe(200);
    expect((await p.call('GET', `/node/${la.id}`, p.admin)).body.data.subscription).toBeNull();

    // Failures: an error status, content that holds no node — the last nodes stay.
    upstream.answer('/sub', { status: 502, body: 'bad gateway' });
    const failed = await p.call('POST', `/sub/${sub.id}/sync`, p.admin);
    expect(failed.body.data.subscription.lastSync).toMatchObject({ ok: false });
    expect(failed.body.data.subscription.lastSync.error).toMatch(/502/);
    expect(failed.body.data.subscription.nodeCount).toBe(1);
    upstream.answer('/sub', { body: '<html>sign in</html>' });
    const junk = await p.call('POST', `/sub/${sub.id}/sync`, p.admin);
    expect(junk.body.data.subscription.lastSync.ok).toBe(false);
    expect(junk.body.data.subscription.nodeCount).toBe(1);

    // Edit: new options, a full fetch (Clash YAML this time).
    upstream.answer('/sub', {
      body: 'proxies:\n  - {name: "SG 1", type: trojan, server: sg.example, port: 443, password: pw}\n',
    });
    const edited = await p.call('PUT', `/sub/${sub.id}`, p.admin, {
      name: 'Provider',
      url: upstream.url('/sub'),
      intervalHours: 12,
    });
    expect(edited.body.data.subscription).toMatchObject({ nodeCount: 1, intervalHours: 12 });

    expect((await p.call('DELETE', `/sub/${sub.id}`, p.admin)).statusCode).toBe(200);
    const left = (await p.call('GET', '/node', p.admin)).body.data.records;
    expect(left.map((n: { name: string }) => n.name)).toEqual(['Mine now']);
    expect((await p.call('POST', `/sub/${sub.id}/sync`, p.admin)).statusCode).toBe(404);
  });

  test('subscriptions: bad options are refused; private addresses only when allowed', async () => {
    p = await startProxy(dialect, { PROXY_ALLOW_PRIVATE_UPSTREAMS: 'false' });
    const body = { name: 'X', url: 'http://127.0.0.1:9/sub' };
    for (const bad of [
      { url: 'ftp://example.com/sub' },
      { url: 'not a url' },
      { include: '(' },
      { intervalHours: 0 },
    ]) {
      expect((await p.call('POST', '/sub', p.admin, { ...body, ...bad })).statusCode).toBe(400);
    }
    const refused = await p.call('POST', '/sub', p.admin, body);
    expect(refused.body.data.subscription.lastSync).toMatchObject({ ok: false });
    expect(refused.body.data.subscription.lastSync.error).toMatch(/private or local address/);
  });

  test('one sync at a time: a second "sync now" during a sync does not fetch again', async () => {
    upstream = await startUpstream();
    p = await startProxy(dialect);
    upstream.answer('/slow', { body: TROJAN });
    const sub = (
      await p.call('POST', '/sub', p.admin, { name: 'Slow', url: upstream.url('/slow') })
    ).body.data.subscription;
    upstream.answer('/slow', { body: HY2, delayMs: 300 });
    const before = upstream.requests.length;
    const [a, b] = await Promise.all([
      p.call('POST', `/sub/${sub.id}/sync`, p.admin),
      p.call('POST', `/sub/${sub.id}/sync`, p.admin),
    ]);
    expect([a.body.data.synced, b.body.data.synced].sort()).toEqual([false, true]);
    expect(upstream.requests.length - before).toBe(1);
  });

  test('tokens: secret once, hashed; the link in every format; expiry, revoke, rotate', async () => {
    upstream = await startUpstream();
    p = await startProxy(dialect);
    upstream.answer('/sub', {
      body: encodeBase64(LINKS),
      headers: { 'subscription-userinfo': 'upload=1; download=2; total=30; expire=1798761600' },
    });
    await p.call('POST', '/sub', p.admin, {
      name: 'A',
      url: upstream.url('/sub'),
      intervalHours: 3,
    });
    const made = await p.call(
      'POST',
      '/token',
      p.admin,
      tokenBody({
        expireTime: new Date(p.clock.now + 2 * 86_400_000).toISOString(),
      }),
    );
    expect(made.statusCode).toBe(200);
    const { secret, link, token } = made.body.data;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link).toBe(`${p.t.config.siteUrl}/api/proxy/agg/${secret}`);
    expect(token.status).toBe('active');
    // Only a hash is kept; no later answer shows the secret.
    const rows = await p.t.testDb.db.kysely.selectFrom('proxy_tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(JSON.stringify((await p.call('GET', `/token/${token.id}`, p.admin)).body)).not.toContain(
      secret,
    );

    const base64 = await p.fetchLink(`/${secret}`, { 'user-agent': 'v2rayN/7.0' });
    expect(base64.statusCode).toBe(200);
    const links = parseShareLinks(decodeBase64(base64.text) ?? '');
    expect(links.map((l) => l.ok && l.node.server)).toEqual([
      'hk.example',
      'jp.example',
      'us.example',
    ]);
    expect(base64.headers).toMatchObject({
      'subscription-userinfo': 'upload=1; download=2; total=30; expire=1798761600',
      'profile-update-interval': '3',
      'profile-title': `base64:${encodeBase64('Friend')}`,
      'cache-control': 'private, no-store',
    });

    const clash = await p.fetchLink(`?token=${secret}&target=clash`);
    expect(clash.headers['content-disposition']).toContain('Friend.yaml');
    const config = parseYaml(clash.text) as { proxies: { name: string }[] };
    expect(config.proxies).toHaveLength(3);
    const byUa = await p.fetchLink(`/${secret}`, { 'user-agent': 'clash.meta/1.19' });
    expect(byUa.text).toBe(clash.text);
    const gzipped = await p.t.app.inject({
      url: `/api/proxy/agg/${secret}?target=clash`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(clash.text);
    expect(gzipped.rawPayload.length).toBeLessThan(clash.text.length / 2);
    const singBox = await p.fetchLink(`/${secret}?target=sing-box`);
    expect((JSON.parse(singBox.text) as { outbounds: unknown[] }).outbounds.length).toBeGreaterThan(
      3,
    );
    const page = await p.fetchLink(`/${secret}`, {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0',
      accept: 'text/html,*/*',
      'accept-language': 'zh-CN,zh;q=0.9',
    });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('lang="zh-CN"');
    expect(page.text).toContain('clash://install-config?url=');
    expect((await p.fetchLink(`/${secret}?target=surge`)).statusCode).toBe(400);

    // The access log: each answer with its client, format and size.
    const log = (await p.call('GET', `/token/${token.id}/use?pageSize=10`, p.admin)).body.data;
    expect(log.totalRecordNum).toBe(6);
    expect(log.records[0]).toMatchObject({ format: 'page', outcome: 'ok', client: null });
    expect(log.records.at(-1)).toMatchObject({
      format: 'v2ray',
      client: 'v2rayN',
      bytes: base64.text.length,
      ip: '127.0.0.1',
    });
    expect((await p.call('GET', `/token/${token.id}`, p.admin)).body.data.usesToday).toBe(6);

    // A missing, expired or revoked secret: one answer.
    const missing = await p.fetchLink(`/${'x'.repeat(43)}`);
    expect(missing.statusCode).toBe(404);
    p.clock.now += 3 * 86_400_000;
    const expired = await p.fetchLink(`/${secret}`);
    expect([expired.statusCode, expired.text]).toEqual([404, missing.text]);
    expect((await p.call('GET', `/token/${token.id}`, p.admin)).body.data.status).toBe('expired');
    await p.call('PUT', `/token/${token.id}`, p.admin, tokenBody());
    expect((await p.fetchLink(`/${secret}`)).statusCode).toBe(200);

    const rotated = await p.call('POST', `/token/${token.id}/rotate`, p.admin);
    const fresh = rotated.body.data.secret;
    expect(fresh).not.toBe(secret);
    expect((await p.fetchLink(`/${secret}`)).text).toBe(missing.text);
    expect((await p.fetchLink(`/${fresh}`)).statusCode).toBe(200);
    expect((await p.call('POST', `/token/${token.id}/revoke`, p.admin)).body.data.status).toBe(
      'revoked',
    );
    expect((await p.fetchLink(`/${fresh}`)).text).toBe(missing.text);
    // Uses of an expired or revoked token are logged after the answer has left.
    await expect
      .poll(async () => {
        const uses = (await p.call('GET', `/token/${token.id}/use`, p.admin)).body.data.records;
        return uses.slice(0, 4).map((u: { outcome: string }) => u.outcome);
      })
      .toEqual(['revoked', 'ok', 'ok', 'expired']);

    expect((await p.call('DELETE', `/token/${token.id}`, p.admin)).statusCode).toBe(200);
    expect((await p.call('GET', `/token/${token.id}/use`, p.admin)).statusCode).toBe(404);
  });

  test('tokens: scope, daily limit, outputs dropped on change, bad input', async () => {
    p = await startProxy(dialect);
    const nodes = (await p.call('POST', '/node', p.admin, { links: LINKS })).body.data.nodes;
    const picked = await p.call(
      'POST',
      '/token',
      p.admin,
      tokenBody({
        scope: { mode: 'pick', subscriptionIds: [], nodeIds: [nodes[1].id] },
        dailyLimit: 2,
      }),
    );
    const servers = async (secret: string) =>
      parseShareLinks(decodeBase64((await p.fetchLink(`/${secret}`)).text) ?? '').map(
        (l) => l.ok && l.node.server,
      );
    expect(await servers(picked.body.data.secret)).toEqual(['jp.example']);
    expect((await p.fetchLink(`/${picked.body.data.secret}`)).statusCode).toBe(200);
    const limited = await p.fetchLink(`/${picked.body.data.secret}`);
    expect(limited.statusCode).toBe(429);
    expect(limited.text).toMatch(/daily limit/);
    p.clock.now += 86_400_000;
    expect((await p.fetchLink(`/${picked.body.data.secret}`)).statusCode).toBe(200);

    const filtered = await p.call(
      'POST',
      '/token',
      p.admin,
      tokenBody({
        scope: { mode: 'filter', include: '', exclude: 'tokyo', types: ['vless', 'trojan'] },
      }),
    );
    const secret = filtered.body.data.secret;
    expect(await servers(secret)).toEqual(['hk.example']);
    // A change to the nodes reaches the next answer (the cached output is dropped).
    await p.call('POST', '/node', p.admin, { links: 'trojan://pw@tw.example:443#TW' });
    expect(await servers(secret)).toEqual(['hk.example', 'tw.example']);

    for (const bad of [
      { expireTime: new Date(p.clock.now - 1000).toISOString() },
      { scope: { mode: 'filter', include: '[', exclude: '', types: [] } },
      { dailyLimit: -1 },
      { expireTime: undefined },
    ]) {
      expect((await p.call('POST', '/token', p.admin, tokenBody(bad))).statusCode).toBe(400);
    }
    const list = await p.call('GET', '/token?status=active&sort=name&order=asc', p.admin);
    expect(list.body.data.totalRecordNum).toBe(2);
  });

  test('the schedule syncs what is due, once', async () => {
    upstream = await startUpstream();
    p = await startProxy(dialect);
    upstream.answer('/sub', { body: TROJAN });
    const sub = (
      await p.call('POST', '/sub', p.admin, {
        name: 'S',
        url: upstream.url('/sub'),
        intervalHours: 1,
      })
    ).body.data.subscription;
    const schedule = new SubscriptionSchedule(p.t.app.ctx, (error) => {
      throw error;
    });
    upstream.answer('/sub', { body: `${TROJAN}\n${HY2}` });
    await schedule.tick();
    expect((await p.call('GET', `/sub/${sub.id}`, p.admin)).body.data.nodeCount).toBe(1);
    p.clock.now += 3_600_000;
    await Promise.all([schedule.tick(), schedule.tick()]);
    expect((await p.call('GET', `/sub/${sub.id}`, p.admin)).body.data.nodeCount).toBe(2);
    expect(upstream.requests).toHaveLength(2);
    await schedule.stop();
  });

  test('the client link is rate limited per address', async () => {
    p = await startProxy(dialect, { PROXY_LINK_RATE_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i += 1) expect((await p.fetchLink('/nope')).statusCode).toBe(404);
    expect((await p.fetchLink('/nope')).statusCode).toBe(429);
  });
});
