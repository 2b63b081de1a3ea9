/**
 * What a node's edit form shows for each type: the fields of its credentials, transport and TLS,
 * named by the keys share-link.ts stores them under. A node may hold more entries than its form
 * shows (a parameter only some clients know); `formFields` and `applyFormValues` keep those as
 * they are, so saving the form never drops what the link said.
 */
import type { NodeType } from './node.ts';

export type FieldGroup = 'credentials' | 'transport' | 'tls';

export const FIELD_GROUPS: readonly FieldGroup[] = ['credentials', 'transport', 'tls'];

export interface NodeField {
  readonly group: FieldGroup;
  /** The key in the node's group (share-link.ts). */
  readonly key: string;
  /** The message key of its label (src/lib/i18n/proxy.ts). */
  readonly labelKey: string;
  readonly required?: boolean;
  /** The values clients know; the form offers them (and keeps any other value it finds). */
  readonly options?: readonly string[];
}

const field = (
  group: FieldGroup,
  key: string,
  extra: { required?: boolean; options?: readonly string[] } = {},
): NodeField => ({ group, key, labelKey: `proxy.field.${key}`, ...extra });

const ON_OFF = ['0', '1'];
const NETWORKS = ['tcp', 'ws', 'grpc', 'h2', 'http', 'httpupgrade', 'xhttp', 'kcp', 'quic'];
const FINGERPRINTS = [
  'chrome',
  'firefox',
  'safari',
  'ios',
  'android',
  'edge',
  '360',
  'qq',
  'random',
  'randomized',
];

/** The transport of the V2Ray-family links (vmess, vless, trojan). */
const V2RAY_TRANSPORT: readonly NodeField[] = [
  field('transport', 'network', { options: NETWORKS }),
  field('transport', 'headerType', { options: ['none', 'http'] }),
  field('transport', 'host'),
  field('transport', 'path'),
  field('transport', 'serviceName'),
];

function v2rayTls(securities: readonly string[]): NodeField[] {
  return [
    field('tls', 'security', { options: securities }),
    field('tls', 'sni'),
    field('tls', 'alpn'),
    field('tls', 'fp', { options: FINGERPRINTS }),
    field('tls', 'insecure', { options: ON_OFF }),
  ];
}

export const NODE_FORM: Readonly<Record<NodeType, readonly NodeField[]>> = {
  vmess: [
    field('credentials', 'id', { required: true }),
    field('credentials', 'alterId'),
    field('credentials', 'cipher', {
      options: ['auto', 'aes-128-gcm', 'chacha20-poly1305', 'none', 'zero'],
    }),
    ...V2RAY_TRANSPORT,
    ...v2rayTls(['none', 'tls']),
  ],
  vless: [
    field('credentials', 'id', { required: true }),
    field('credentials', 'flow', { options: ['xtls-rprx-vision', 'xtls-rprx-vision-udp443'] }),
    field('credentials', 'encryption', { options: ['none'] }),
    ...V2RAY_TRANSPORT,
    ...v2rayTls(['none', 'tls', 'reality']),
    field('tls', 'pbk'),
    field('tls', 'sid'),
    field('tls', 'spx'),
  ],
  trojan: [
    field('credentials', 'password', { required: true }),
    ...V2RAY_TRANSPORT,
    ...v2rayTls(['none', 'tls', 'reality']),
  ],
  ss: [
    field('credentials', 'method', {
      required: true,
      options: [
        'aes-128-gcm',
        'aes-256-gcm',
        'chacha20-ietf-poly1305',
        'xchacha20-ietf-poly1305',
        '2022-blake3-aes-128-gcm',
        '2022-blake3-aes-256-gcm',
        '2022-blake3-chacha20-poly1305',
      ],
    }),
    field('credentials', 'password', { required: true }),
    field('transport', 'plugin'),
  ],
  hysteria2: [
    field('credentials', 'password', { required: true }),
    field('credentials', 'obfs', { options: ['salamander'] }),
    field('credentials', 'obfsPassword'),
    field('tls', 'sni'),
    field('tls', 'alpn'),
    field('tls', 'insecure', { options: ON_OFF }),
    field('tls', 'pinSHA256'),
  ],
  tuic: [
    field('credentials', 'id', { required: true }),
    field('credentials', 'password', { required: true }),
    field('transport', 'congestionControl', { options: ['cubic', 'bbr', 'new_reno'] }),
    field('transport', 'udpRelayMode', { options: ['native', 'quic'] }),
    field('transport', 'reduceRtt', { options: ON_OFF }),
    field('tls', 'sni'),
    field('tls', 'alpn'),
    field('tls', 'insecure', { options: ON_OFF }),
    field('tls', 'disableSni', { options: ON_OFF }),
  ],
  socks5: [field('credentials', 'username'), field('credentials', 'password')],
  http: [field('credentials', 'username'), field('credentials', 'password')],
};

/** The types whose links carry a list of ports to hop between (`443,5000-6000`). */
export const PORT_LIST_TYPES: readonly NodeType[] = ['hysteria2'];

/** The fields of one group of a type's form, in the order the form shows them. */
export function formFields(type: NodeType, group: FieldGroup): NodeField[] {
  return NODE_FORM[type].filter((f) => f.group === group);
}

export type GroupValues = Readonly<Record<string, string>>;

/**
 * The group as it is sent back: the node's entries as they were, with the form's fields of that
 * group as typed (not trimmed: a password is what it is). A field left blank is removed, unless the node had it blank already (a link
 * may say `host=` on purpose); entries the form does not show are kept untouched.
 */
export function applyFormValues(
  original: GroupValues,
  fields: readonly NodeField[],
  typed: GroupValues,
): Record<string, string> {
  const shown = new Set(fields.map((f) => f.key));
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(original)) {
    const next = shown.has(key) ? typed[key] : undefined;
    if (next === undefined) out[key] = value;
    else if (next.trim() !== '') out[key] = next;
    else if (value === '') out[key] = '';
  }
  for (const key of shown) {
    const next = typed[key];
    if (!(key in original) && next !== undefined && next.trim() !== '') out[key] = next;
  }
  return out;
}

/** The required fields of a type that are blank in what was typed (by group). */
export function missingFields(
  type: NodeType,
  typed: Readonly<Record<FieldGroup, GroupValues>>,
): NodeField[] {
  return NODE_FORM[type].filter(
    (f) => f.required === true && (typed[f.group][f.key] ?? '').trim() === '',
  );
}

/** The entries of a group the form does not show (kept as they are), for the form to list. */
export function otherEntries(
  type: NodeType,
  group: FieldGroup,
  values: GroupValues,
): [string, string][] {
  const shown = new Set(formFields(type, group).map((f) => f.key));
  return Object.entries(values).filter(([key]) => !shown.has(key));
}
