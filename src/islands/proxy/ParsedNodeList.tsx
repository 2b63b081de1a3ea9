import { paths } from '@/lib/shared/paths.ts';
import type { NodeType } from '@/lib/shared/proxy/node.ts';
import Msg from '../common/Msg.tsx';
import NodeFlag from './NodeFlag.tsx';
import NodeName from './NodeName.tsx';
import { serverPort } from './format.ts';
import { TYPE_KEY } from './words.ts';

interface ListedNode {
  /** Set once saved: the name links to its edit page. */
  id?: string;
  /** The line of the pasted text it came from (preview). */
  line?: number;
  name: string;
  type: NodeType;
  server: string;
  port: number;
  region: string | null;
}

/** Nodes read from pasted links (previewed or saved): flag, name, type and address. */
export default function ParsedNodeList({ nodes }: { nodes: readonly ListedNode[] }) {
  return (
    <ul className="divide-y divide-line rounded-lg border border-line">
      {nodes.map((node, index) => (
        <li
          key={node.id ?? `${node.line ?? 0}-${index}`}
          className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm"
        >
          <NodeFlag region={node.region} />
          <span className="min-w-0 flex-1 basis-40 font-medium break-words">
            {node.id ? (
              <a href={paths.proxyEdit('node', node.id)} className="link">
                <NodeName name={node.name} />
              </a>
            ) : (
              <NodeName name={node.name} />
            )}
          </span>
          <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs text-accent">
            <Msg k={TYPE_KEY[node.type]} />
          </span>
          <span className="font-mono text-xs break-all text-muted">
            {serverPort(node.server, node.port)}
          </span>
          {node.line !== undefined && (
            <span className="text-xs text-muted">
              <Msg k="proxy.add.line" vars={{ line: node.line }} />
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
