import { messageKey, type MessageKey } from '@/lib/i18n/index.ts';
import { PROXY_FIELD_MAX } from '@/lib/shared/limits.ts';
import type { NodeType } from '@/lib/shared/proxy/node.ts';
import {
  formFields,
  otherEntries,
  type FieldGroup,
  type GroupValues,
} from '@/lib/shared/proxy/node-form.ts';
import Msg from '../common/Msg.tsx';
import TextField from '../common/TextField.tsx';
import OptionField from './OptionField.tsx';

const GROUP_KEY: Readonly<Record<FieldGroup, MessageKey>> = {
  credentials: 'proxy.node.group.credentials',
  transport: 'proxy.node.group.transport',
  tls: 'proxy.node.group.tls',
};

/**
 * One group of a node's fields (credentials, transport or TLS) as its type's form shows them
 * (node-form.ts), and the entries of the group the form does not show, which are kept as they are.
 */
export default function NodeFieldGroup({
  type,
  group,
  stored,
  typed,
  missing,
  onValue,
}: {
  type: NodeType;
  group: FieldGroup;
  /** The group as the node holds it. */
  stored: GroupValues;
  /** What the form holds for its fields. */
  typed: GroupValues;
  /** Keys of required fields left blank (shown as errors). */
  missing: readonly string[];
  onValue: (key: string, value: string) => void;
}) {
  const fields = formFields(type, group);
  const others = otherEntries(type, group, stored);
  if (fields.length === 0 && others.length === 0) return null;
  return (
    <fieldset className="min-w-0 rounded-lg border border-line p-4">
      <legend className="px-1 font-semibold">
        <Msg k={GROUP_KEY[group]} />
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => {
          const label = messageKey(field.labelKey);
          const value = typed[field.key] ?? '';
          const error: MessageKey | undefined = missing.includes(field.key)
            ? 'proxy.form.required'
            : undefined;
          return field.options ? (
            <OptionField
              key={field.key}
              label={label}
              value={value}
              options={field.options}
              required={field.required}
              error={error}
              onValue={(next) => onValue(field.key, next)}
            />
          ) : (
            <TextField
              key={field.key}
              label={label}
              name={`${group}.${field.key}`}
              value={value}
              onValue={(next) => onValue(field.key, next)}
              autoComplete="off"
              spellCheck={false}
              required={field.required}
              maxLength={PROXY_FIELD_MAX}
              error={error}
            />
          );
        })}
      </div>
      {others.length > 0 && (
        <div className="mt-4 text-sm">
          <p className="text-muted">
            <Msg k="proxy.node.others" />
          </p>
          <dl className="mt-1 grid gap-1">
            {others.map(([key, value]) => (
              <div key={key} className="flex min-w-0 flex-wrap gap-x-2">
                <dt className="font-mono text-xs">{key}</dt>
                <dd className="min-w-0 font-mono text-xs break-all text-muted">
                  {value === '' ? '""' : value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </fieldset>
  );
}
