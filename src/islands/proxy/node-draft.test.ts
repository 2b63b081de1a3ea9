import { expect, test } from 'vitest';
import type { NodeDto } from '@/lib/api/proxy.ts';
import { draftOf, draftProblems, portOf, updateBodyOf } from './node-draft.ts';

const node: NodeDto = {
  id: 'n1',
  name: '🇭🇰 HK 01',
  type: 'hysteria2',
  server: 'hk.example',
  port: 443,
  ports: '443,5000-6000',
  region: 'HK',
  credentials: { password: 'pw', obfs: 'salamander', obfsPassword: 'op' },
  transport: {},
  tls: { sni: 'hk.example', pinSHA256: 'AB', up: 'kept' },
  link: 'hysteria2://…',
  subscription: { id: 's1', name: 'Provider' },
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};

test('a draft holds the form fields of the type, blank when the node has none', () => {
  const draft = draftOf(node);
  expect(draft).toMatchObject({ port: '443', ports: '443,5000-6000' });
  expect(draft.fields.credentials).toEqual({
    password: 'pw',
    obfs: 'salamander',
    obfsPassword: 'op',
  });
  expect(draft.fields.tls).toEqual({ sni: 'hk.example', alpn: '', insecure: '', pinSHA256: 'AB' });
  expect(draft.fields.tls).not.toHaveProperty('up');
});

test('the body sends the edited fields and keeps the entries the form does not show', () => {
  const draft = draftOf(node);
  draft.fields.tls = { ...draft.fields.tls, sni: 'new.example', pinSHA256: '' };
  draft.ports = ' ';
  draft.name = '  renamed ';
  expect(updateBodyOf(node, draft)).toEqual({
    name: 'renamed',
    server: 'hk.example',
    port: 443,
    ports: null,
    credentials: node.credentials,
    transport: {},
    tls: { sni: 'new.example', up: 'kept' },
  });
});

test('problems: a blank server, a bad port, required fields left blank', () => {
  const draft = draftOf(node);
  expect(draftProblems(node, draft)).toEqual([]);
  draft.server = ' ';
  draft.port = '70000';
  draft.fields.credentials = { ...draft.fields.credentials, password: '' };
  expect(draftProblems(node, draft)).toEqual(['server', 'port', 'credentials.password']);
});

test('portOf reads whole numbers from 1 to 65535', () => {
  expect(portOf(' 8443 ')).toBe(8443);
  expect([portOf('0'), portOf('65536'), portOf('4.5'), portOf('')]).toEqual([
    null,
    null,
    null,
    null,
  ]);
});
