import type { Notice } from '@/lib/api/failure.ts';
import type { MessageVars } from '@/lib/i18n/index.ts';
import Msg from './Msg.tsx';

/**
 * A notice in both languages (CSS on <html data-lang> shows one): one of our messages, or the
 * server's "中文 / English" text split in two.
 */
export default function NoticeText({ notice, vars }: { notice: Notice; vars?: MessageVars }) {
  if ('key' in notice) return <Msg k={notice.key} vars={{ ...notice.vars, ...vars }} />;
  return (
    <>
      <span data-i18n="zh-CN" lang="zh-CN">
        {notice.text.zh}
      </span>
      <span data-i18n="en" lang="en">
        {notice.text.en}
      </span>
    </>
  );
}
