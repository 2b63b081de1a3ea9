import { describe, expect, test } from 'vitest';
import { MESSAGES } from '../../i18n/messages.ts';
import { encodeBase64 } from './base64.ts';
import { NODE_TYPES, type NodeType } from './node.ts';
import {
  FIELD_GROUPS,
  NODE_FORM,
  applyFormValues,
  formFields,
  missingFields,
  otherEntries,
} from './node-form.ts';
import { parseShareLink, shareLink } from './share-link.ts';

const UUID = 'b831381d-6324-4d53-ad4f-8cda48b30811';
const V2RAY_TRANSPORT = 'type=grpc&headerType=none&host=cdn.example&path=%2Fp&serviceName=svc';
const V2RAY_TLS = 'security=tls&sni=cdn.example&alpn=h2&fp=chrome&allowInsecure=1';

/** Links of each type that carry every parameter the form names (vmess: both of its forms). */
const FULL_LINKS: Readonly<Record<NodeType, readonly string[]>> = {
  vmess: [
    `vmess://${encodeBase64(JSON.stringify({ v: '2', ps: 'n', add: 'h', port: '443', id: UUID, aid: '0', scy: 'auto' }))}`,
    `vmess://${UUID}@h:443?encryption=auto&${V2RAY_TRANSPORT}&${V2RAY_TLS}#n`,
  ],
  vless: [
    `vless://${UUID}@h:443?encryption=none&flow=xtls-rprx-vision&${V2RAY_TRANSPORT}&${V2RAY_TLS}&pbk=KEY&sid=ab&spx=%2F#n`,
  ],
  trojan: [`trojan://pw@h:443?${V2RAY_TRANSPORT}&${V2RAY_TLS}#n`],
  ss: ['ss://YWVzLTEyOC1nY206cHc@h:8388/?plugin=obfs-local%3Bobfs%3Dhttp#n'],
  hysteria2: [
    'hysteria2://pw@h:443?obfs=salamander&obfs-password=op&sni=s&insecure=1&pinSHA256=AB&alpn=h3#n',
  ],
  tuic: [
    `tuic://${UUID}:pw@h:443?congestion_control=bbr&udp_relay_mode=native&reduce_rtt=1&sni=s&alpn=h3&allow_insecure=1&disable_sni=1#n`,
  ],
  socks5: ['socks5://u:p@h:1080#n'],
  http: ['http://u:p@h:8080#n'],
};

describe.each(NODE_TYPES)('the %s form', (type) => {
  test('names only keys the share links of the type store, in the right group', () => {
    const stored = new Set(
      FULL_LINKS[type].flatMap((link) => {
        const node = parseShareLink(link);
        expect(node.type).toBe(type);
        return FIELD_GROUPS.flatMap((group) =>
          Object.keys(node[group]).map((k) => `${group}.${k}`),
        );
      }),
    );
    const named = NODE_FORM[type].map((f) => `${f.group}.${f.key}`);
    expect(named.filter((key) => !stored.has(key))).toEqual([]);
    expect(new Set(named).size).toBe(named.length);
  });

  test('every label is a message in both languages; options are distinct', () => {
    for (const f of NODE_FORM[type]) {
      expect(MESSAGES['zh-CN']).toHaveProperty([f.labelKey]);
      expect(MESSAGES.en).toHaveProperty([f.labelKey]);
      if (f.options) expect(new Set(f.options).size).toBe(f.options.length);
    }
  });
});

test('formFields keeps the order of the form within a group', () => {
  expect(formFields('vless', 'credentials').map((f) => f.key)).toEqual([
    'id',
    'flow',
    'encryption',
  ]);
  expect(formFields('ss', 'tls')).toEqual([]);
});

test('applyFormValues: typed fields replace, blanks remove, unshown entries stay', () => {
  const original = { network: 'ws', host: 'a.example', path: '', seed: 'kept' };
  const fields = formFields('vless', 'transport');
  expect(
    applyFormValues(original, fields, {
      network: 'grpc',
      host: ' ',
      path: '',
      serviceName: 'svc',
      headerType: '',
    }),
  ).toEqual({ network: 'grpc', path: '', seed: 'kept', serviceName: 'svc' });
  // Untyped fields (not in `typed`) are left as they were; values are not trimmed.
  expect(applyFormValues({ password: ' x ' }, formFields('trojan', 'credentials'), {})).toEqual({
    password: ' x ',
  });
});

test('a node edited through the form keeps its other parameters in its link', () => {
  const node = parseShareLink(
    `vless://${UUID}@h:443?type=ws&host=a&ed=2048&security=tls&sni=s&ech=XYZ#n`,
  );
  const transport = applyFormValues(node.transport, formFields('vless', 'transport'), {
    host: 'b.example',
  });
  const tls = applyFormValues(node.tls, formFields('vless', 'tls'), { sni: 'b.example' });
  const link = shareLink({ ...node, transport, tls });
  expect(link).toContain('host=b.example');
  expect(link).toContain('sni=b.example');
  expect(link).toContain('ech=XYZ');
  expect(link).toContain('ed=2048');
});

test('missingFields names the required fields left blank', () => {
  const blank = { credentials: {}, transport: {}, tls: {} };
  expect(missingFields('tuic', blank).map((f) => f.key)).toEqual(['id', 'password']);
  expect(
    missingFields('ss', { ...blank, credentials: { method: 'aes-128-gcm', password: ' ' } }).map(
      (f) => f.key,
    ),
  ).toEqual(['password']);
  expect(missingFields('socks5', blank)).toEqual([]);
});

test('otherEntries lists what the form does not show', () => {
  expect(otherEntries('vmess', 'tls', { security: 'tls', ech: 'x' })).toEqual([['ech', 'x']]);
});
