import { useState } from 'react';
import { useT } from '@/lib/i18n/use-t.ts';
import Icon from '../common/Icon.tsx';
import TextField, { type TextFieldProps } from '../common/TextField.tsx';

type Props = Omit<TextFieldProps, 'type' | 'inside' | 'autoComplete'> & {
  autoComplete: 'current-password' | 'new-password';
};

/** A password input with a show/hide button. Paste is allowed; nothing is trimmed. */
export default function PasswordField(props: Props) {
  const [visible, setVisible] = useState(false);
  const { t } = useT();
  const label = t('auth.showPassword');
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      inside={
        <button
          type="button"
          className="icon-btn size-10"
          onClick={() => setVisible((v) => !v)}
          aria-label={label}
          aria-pressed={visible}
          title={label}
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} />
        </button>
      }
    />
  );
}
