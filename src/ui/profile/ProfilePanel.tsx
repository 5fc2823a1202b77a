/**
 * "Profile a step": a self-contained panel a view can mount anywhere. It asks the training worker for a
 * profile (the profile job) and shows where the step's time and memory go: the bottleneck in one
 * sentence, the profiled step's phase split, the slowest kernels, the kernel table by kernel or by layer,
 * the conv kernels chosen by measurement with each candidate's time,
 * memory by category over the kernels beside the pre-flight estimate, and a Chrome trace (Perfetto)
 * download named after the config.
 * Reads the profile store, the profile job's status and the app store; never the worker.
 */
import { useId, useState } from 'react';
import { downloadBlob } from '../../export/download';
import { exportFileName } from '../../export/exportRun';
import { stepTraceJson } from '../../export/traceExport';
import type { StepProfile } from '../../config/stepProfile';
import { encodeConfigToHash } from '../../config/urlCodec';
import { useProfileStore } from '../../state/profileStore';
import { useAppStore } from '../../state/store';
import { formatBytes, formatMs } from '../format';
import { usePreflight } from '../usePreflight';
import { ConvChoiceTable } from './ConvChoiceTable';
import { KernelTable } from './KernelTable';
import { MemoryCategoryTable } from './MemoryCategoryTable';
import { PhaseSplitTable } from './PhaseSplitTable';
import { ProfileCharts } from './ProfileCharts';
import './profile.css';
import { fill } from '../../i18n/fill';
import type { Dictionary } from '../../i18n/types';
import { useLocale, useText } from '../i18n/useText';
import { jobMessageText } from '../jobs/jobMessageText';
import { useJob } from '../jobs/useJob';
import { Figure } from '../Figure';
import { bottleneckText, nextStepText, timingNoteText } from './profileText';

function exportTrace(t: Dictionary, profile: StepProfile): string {
  const name = exportFileName(profile.config, 'json', new Date(), `trace-step${profile.timingStep}`);
  downloadBlob(new Blob([stepTraceJson(profile)], { type: 'application/json' }), name);
  return fill(t.profile.traceSaved, { name });
}

function Summary({ profile }: { profile: StepProfile }) {
  const timed = profile.timingStep !== profile.memoryStep;
  const w = useText().profile.summary;
  const locale = useLocale();
  return (
    <dl className="profile-summary">
      <Figure
        label={fill(w.asItRuns, { step: profile.memoryStep })}
        value={formatMs(profile.normalStepMs, locale)}
        testId="profile-normal-ms"
      />
      <Figure
        label={fill(w.kernels, { step: profile.memoryStep })}
        value={profile.kernels.length}
        testId="profile-kernels"
      />
      {timed && (
        <Figure
          label={fill(w.profiled, { step: profile.timingStep })}
          value={formatMs(profile.profiledStepMs, locale)}
          testId="profile-profiled-ms"
        />
      )}
      <Figure
        label={fill(w.peak, { step: profile.memoryStep })}
        value={formatBytes(profile.memory.peakBytes, locale)}
      />
      {profile.poolBytes !== null && <Figure label={w.pool} value={formatBytes(profile.poolBytes, locale)} />}
    </dl>
  );
}

/**
 * This page's link for the profiled config with `prof=1`: whoever opens it gets the same profile made on
 * their device (if the config fits it). The page's search string (debug flags) is left out on purpose.
 */
function profileLink(profile: StepProfile): string {
  const { hiddenControls, compareOverrides } = useAppStore.getState();
  const hash = encodeConfigToHash(profile.config, {
    hide: [...hiddenControls],
    ...(compareOverrides ? { b: compareOverrides } : {}),
    profile: true,
  });
  return `${window.location.origin}${window.location.pathname}${hash}`;
}

function ProfileResult({ profile }: { profile: StepProfile }) {
  const linkId = useId();
  const t = useText();
  return (
    <>
      <Summary profile={profile} />
      <p className="profile-bottleneck" data-testid="profile-bottleneck">
        <strong>{bottleneckText(t, profile)}</strong>{' '}
        <span data-testid="profile-next-step">{nextStepText(t, profile)}</span>
      </p>
      <p className="help" data-testid="profile-timing-note" data-timing={profile.timing}>
        {timingNoteText(t, profile)}
      </p>
      <PhaseSplitTable profile={profile} />
      <ProfileCharts profile={profile} />
      <KernelTable profile={profile} />
      <ConvChoiceTable choice={profile.convChoice} />
      <MemoryCategoryTable profile={profile} />
      <p className="profile-link">
        <label htmlFor={linkId}>{t.profile.link}</label>
        <input
          id={linkId}
          type="text"
          readOnly
          value={profileLink(profile)}
          size={48}
          data-testid="profile-link"
        />
      </p>
    </>
  );
}

export function ProfilePanel() {
  const { phase, message } = useJob('profile');
  const profile = useProfileStore((s) => s.profile);
  const runStatus = useAppStore((s) => s.status);
  const { blocksStart } = usePreflight();
  const [exported, setExported] = useState<string | null>(null);
  const t = useText();
  const locale = useLocale();
  const w = t.profile;
  const running = runStatus === 'running';
  const canProfile =
    phase !== 'running' &&
    (running ||
      ((runStatus === 'idle' || runStatus === 'stopped' || runStatus === 'failed') && !blocksStart));
  const statusText =
    phase === 'running'
      ? w.waiting
      : message !== null && message.code !== 'stopped'
        ? fill(w.failed, {
            reason: jobMessageText(t, locale, message, () => w.linkConfig) || w.unknownReason,
          })
        : profile
          ? fill(w.of, {
              steps: `${profile.memoryStep}${profile.timingStep !== profile.memoryStep ? `–${profile.timingStep}` : ''}`,
              backend: profile.backend,
            })
          : w.intro;
  return (
    <section className="panel profile" aria-labelledby="profile-title">
      <h2 id="profile-title">{w.title}</h2>
      <div className="buttons">
        <button
          type="button"
          onClick={() => useAppStore.getState().startJob('profile', useAppStore.getState().config)}
          disabled={!canProfile}
          data-testid="profile-step"
        >
          {w.button}
        </button>
        {profile && (
          <button
            type="button"
            onClick={() => setExported(exportTrace(t, profile))}
            data-testid="profile-export-trace"
          >
            {w.exportTrace}
          </button>
        )}
      </div>
      <p className="help" role="status" data-testid="profile-status" data-status={phase}>
        {statusText}
        {exported ? ` ${exported}` : ''}
      </p>
      {profile && <ProfileResult profile={profile} />}
    </section>
  );
}
