/** How a job ended, in the page's words: a stop, a failure (its error's own words), a refused start. Pure. */
import type { Dictionary } from '../../i18n/types';
import type { JobMessage } from '../../state/jobsSlice';
import { runBlockerText } from '../preflightText';

export function jobMessageText(
  t: Dictionary,
  locale: string,
  message: JobMessage | null,
  nameOf: (id: string) => string = (id) => id,
): string {
  if (message === null) return '';
  switch (message.code) {
    case 'stopped':
      return t.jobs.stopped;
    case 'failed':
      return message.detail;
    case 'refused':
      return runBlockerText(t, locale, message.blocker, nameOf);
  }
}
