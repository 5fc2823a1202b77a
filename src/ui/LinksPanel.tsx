/**
 * Links: "Copy link" for the current experiment (config, comparison B and hidden controls, optionally
 * `run=1`), and the presets — each one a plain link with its lesson — that a click applies in place.
 * When the clipboard is unavailable (no permission, an insecure context) the link appears in a selected
 * text field to copy by hand. Every string here is rendered as text.
 */
import { useId, type MouseEvent } from 'react';
import { CopyLink } from './links/CopyLink';
import { PRESETS, type Preset } from '../config/presets';
import { encodeConfigToHash } from '../config/urlCodec';
import { selectIsRunning, useAppStore } from '../state/store';
import { useText } from './i18n/useText';

function PresetItem({ preset, current, running }: { preset: Preset; current: boolean; running: boolean }) {
  const lessonId = useId();
  const text = useText().panels;
  const words = (text.presets as Readonly<Record<string, { title: string; lesson: string } | undefined>>)[
    preset.id
  ];
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    // Let modified clicks (new tab, new window) do what links do.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (!running) useAppStore.getState().openLink(preset.hash);
  };
  return (
    <li className={current ? 'preset current' : 'preset'} data-testid={`preset-${preset.id}`}>
      <a
        href={preset.hash}
        onClick={onClick}
        aria-describedby={lessonId}
        aria-current={current ? 'true' : undefined}
        aria-disabled={running ? 'true' : undefined}
        data-testid={`preset-link-${preset.id}`}
      >
        {words?.title ?? preset.id}
        {current && <span className="preset-current">{text.links.currentPreset}</span>}
      </a>
      <p id={lessonId} className="help">
        {words?.lesson ?? ''}
      </p>
    </li>
  );
}

export function LinksPanel() {
  const running = useAppStore(selectIsRunning);
  const config = useAppStore((s) => s.config);
  const overrides = useAppStore((s) => s.compareOverrides);
  const w = useText().panels.links;
  // The presets are exactly encodeConfigToHash(A, { b }): equal text means the same experiment.
  const currentHash = encodeConfigToHash(config, overrides ? { b: overrides } : {});
  return (
    <section className="panel links-panel" aria-labelledby="links-title">
      <h2 id="links-title">{w.title}</h2>
      <CopyLink />
      <h3>{w.presets}</h3>
      <p className="help">
        {w.presetsHelp}
        {running ? w.stopToSwitch : ''}
      </p>
      <ul className="preset-list">
        {PRESETS.map((p) => (
          <PresetItem key={p.id} preset={p} current={p.hash === currentHash} running={running} />
        ))}
      </ul>
    </section>
  );
}
