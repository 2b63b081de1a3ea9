/**
 * What the node editor holds while a node is edited, and the body it sends: the form's fields
 * over the node's own entries (node-form.ts), so what the form does not show is kept.
 */
import type { NodeDto, NodeUpdateBody } from '@/lib/api/proxy.ts';
import {
  FIELD_GROUPS,
  PORT_LIST_TYPES,
  applyFormValues,
  formFields,
  missingFields,
  type FieldGroup,
} from '@/lib/shared/proxy/node-form.ts';

export interface NodeDraft {
  name: string;
  server: string;
  port: string;
  /** Hysteria2's port list ('' for one port). */
  ports: string;
  fields: Record<FieldGroup, Record<string, string>>;
}

export function draftOf(node: NodeDto): NodeDraft {
  const fields = { credentials: {}, transport: {}, tls: {} } as NodeDraft['fields'];
  for (const group of FIELD_GROUPS) {
    for (const { key } of formFields(node.type, group)) {
      fields[group][key] = node[group][key] ?? '';
    }
  }
  return {
    name: node.name,
    server: node.server,
    port: String(node.port),
    ports: node.ports ?? '',
    fields,
  };
}

/** A port from 1 to 65535 as typed, else null. */
export function portOf(text: string): number | null {
  const port = /^\d{1,5}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  return port >= 1 && port <= 65535 ? port : null;
}

/** What is wrong with the draft, field by field ('server', 'port', '<group>.<key>'). */
export function draftProblems(node: NodeDto, draft: NodeDraft): string[] {
  const problems: string[] = [];
  if (draft.server.trim() === '') problems.push('server');
  if (portOf(draft.port) === null) problems.push('port');
  for (const field of missingFields(node.type, draft.fields)) {
    problems.push(`${field.group}.${field.key}`);
  }
  return problems;
}

export function updateBodyOf(node: NodeDto, draft: NodeDraft): NodeUpdateBody {
  const group = (name: FieldGroup) =>
    applyFormValues(node[name], formFields(node.type, name), draft.fields[name]);
  return {
    name: draft.name.trim(),
    server: draft.server.trim(),
    port: portOf(draft.port) ?? node.port,
    ports: PORT_LIST_TYPES.includes(node.type) ? draft.ports.trim() || null : node.ports,
    credentials: group('credentials'),
    transport: group('transport'),
    tls: group('tls'),
  };
}
