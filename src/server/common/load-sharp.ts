/**
 * sharp (libvips) loaded on the first image (an upload, a captcha), not at start: most servers go
 * days without one, and the library with its native part is ≈ 20 MB of a server meant for a small
 * machine.
 */
import { onFirstUse } from './on-first-use.ts';

export const loadSharp = onFirstUse(() => import('sharp').then((module) => module.default));
