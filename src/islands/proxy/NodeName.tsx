import Msg from '../common/Msg.tsx';

/** A node's name, or "(unnamed)" for a link that carried none. */
export default function NodeName({ name }: { name: string }) {
  return name === '' ? <Msg k="proxy.nodes.unnamed" /> : <>{name}</>;
}
