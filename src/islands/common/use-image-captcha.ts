import { useCallback, useEffect, useRef, useState } from 'react';
import type { ImageCaptcha } from '@/server/captcha/captcha.schema.ts';
import { getImageCaptcha } from '@/lib/api/common.ts';

/** A shown captcha is replaced this often (the server keeps one for 5 minutes)… */
export const CAPTCHA_REFRESH_MS = 60_000;
/** …unless the visitor has typed part of it: then it is looked at again this much later… */
const TYPING_GRACE_MS = 15_000;
/** …and replaced anyway once it is this old, well before the server forgets it. */
const CAPTCHA_MAX_AGE_MS = 4 * 60_000;

export interface ImageCaptchaState {
  image: ImageCaptcha | null;
  status: 'idle' | 'loading' | 'failed';
  code: string;
  setCode: (code: string) => void;
  /** Fetches a new image and clears the typed code (after every failed attempt: it is used up). */
  refresh: () => void;
  /** The fields to send, or null while no image is loaded. */
  answer: () => { sessionId: string; code: string } | null;
}

/**
 * The image captcha of a form: loaded while `active`, replaced every minute (not under the
 * visitor's fingers: a half-typed code gets a short grace, up to 4 minutes of age) and on demand.
 * Answers that arrive after a newer request are dropped.
 */
export function useImageCaptcha(active: boolean): ImageCaptchaState {
  const [image, setImage] = useState<ImageCaptcha | null>(null);
  const [status, setStatus] = useState<ImageCaptchaState['status']>('idle');
  const [code, setCode] = useState('');
  const generation = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const imageRef = useRef<ImageCaptcha | null>(null);
  const codeRef = useRef('');

  const refresh = useCallback(() => {
    const current = ++generation.current;
    clearTimeout(timer.current);
    setStatus('loading');
    setCode('');
    codeRef.current = '';
    getImageCaptcha().then(
      (next) => {
        if (current !== generation.current) return;
        imageRef.current = next;
        setImage(next);
        setStatus('idle');
      },
      () => {
        if (current !== generation.current) return;
        setStatus('failed');
      },
    );
    const requestedAt = Date.now();
    const check = () => {
      if (current !== generation.current) return;
      const typing = codeRef.current !== '';
      if (typing && Date.now() - requestedAt < CAPTCHA_MAX_AGE_MS) {
        timer.current = setTimeout(check, TYPING_GRACE_MS);
      } else {
        refresh();
      }
    };
    timer.current = setTimeout(check, CAPTCHA_REFRESH_MS);
  }, []);

  useEffect(() => {
    if (!active) return undefined;
    refresh();
    return () => {
      generation.current += 1;
      clearTimeout(timer.current);
    };
  }, [active, refresh]);

  const update = useCallback((next: string) => {
    codeRef.current = next;
    setCode(next);
  }, []);

  const answer = useCallback(() => {
    const shown = imageRef.current;
    return shown ? { sessionId: shown.sessionId, code: codeRef.current.trim() } : null;
  }, []);

  return { image, status, code, setCode: update, refresh, answer };
}
