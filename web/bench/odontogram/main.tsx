import '@mantine/core/styles.css';
import { projectChart } from '@dental/domain/clinical/chart';
import type { ChartEntry } from '@dental/domain/clinical/entry';
import { readSurfaces } from '@dental/domain/clinical/surfaces';
import type { EntryInput } from '@dental/local-store';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { OdontogramTab } from '../../src/features/clinical-chart/odontogram/odontogram-tab.tsx';
import { activateLanguage, i18n } from '../../src/platform/i18n/i18n.ts';
import { theme } from '../../src/platform/theme/theme.ts';

const container = document.getElementById('root');
if (!container) throw new Error('no #root');

/** A chart with some history already, as a recall patient has: restorations on a dozen teeth. */
function history(): ChartEntry[] {
  const teeth = ['16', '15', '14', '26', '27', '36', '37', '46', '47', '11', '21', '45'];
  return teeth.map((tooth, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    patientId: 'bench',
    tooth,
    surfaces: tooth[1] === '1' ? ['M', 'I'] : ['M', 'O', 'D'],
    state: null,
    condition: 'restoration',
    material: index % 2 ? 'amalgam' : 'composite',
    status: 'existing',
    procedureCode: null,
    appointmentId: null,
    replaces: [],
    recordedBy: 1,
    recordedByName: 'Dr. Bench',
    recordedAt: new Date(Date.UTC(2020, 0, 1 + index)).toISOString(),
    voidedAt: null,
    voidedBy: null,
    voidedByName: null,
    voidReason: null,
  }));
}

let counter = 1000;

/** The screen's state as the page holds it, with the store's write replaced by an in-memory append. */
function Bench() {
  const [entries, setEntries] = useState<ChartEntry[]>(history);
  const teeth = useMemo(() => [...projectChart(entries).values()], [entries]);
  const onChart = useCallback(async (input: EntryInput) => {
    const tooth = String(input.tooth);
    const reading = readSurfaces(input.surfaces ?? [], tooth);
    counter += 1;
    const entry: ChartEntry = {
      id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
      patientId: 'bench',
      tooth,
      surfaces: reading.ok ? reading.surfaces : [],
      state: input.state ?? null,
      condition: input.condition ?? null,
      material: input.material ?? null,
      status: input.status,
      procedureCode: null,
      appointmentId: input.appointmentId ?? null,
      replaces: input.replaces ?? [],
      recordedBy: 1,
      recordedByName: 'Dr. Bench',
      recordedAt: new Date().toISOString(),
      voidedAt: null,
      voidedBy: null,
      voidedByName: null,
      voidReason: null,
    };
    setEntries((list) => [...list, entry]);
    return true;
  }, []);
  const onVoid = useCallback(async () => true, []);
  const formatWhen = useCallback((instant: string) => instant.slice(0, 16).replace('T', ' '), []);
  const visitLabel = useCallback(() => '—', []);
  return (
    <OdontogramTab
      teeth={teeth}
      entries={entries}
      defaultDentition="mixed"
      canEdit
      visits={[]}
      defaultAppointmentId={null}
      formatWhen={formatWhen}
      visitLabel={visitLabel}
      onChart={onChart}
      onVoid={onVoid}
    />
  );
}

/** Renders of each tooth, counted through React's profiler-free way: a MutationObserver on the teeth's groups. */
const bench = {
  startFrames(): void {
    const intervals: number[] = [];
    let last = performance.now();
    let running = true;
    const tick = (now: number) => {
      intervals.push(now - last);
      last = now;
      if (running) requestAnimationFrame(tick);
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(tick);
    });
    window.frameLog = {
      intervals,
      stop: () => {
        running = false;
      },
    };
  },
  stopFrames(): number[] {
    window.frameLog?.stop();
    return window.frameLog?.intervals ?? [];
  },
  /**
   * The Performance API's account of each click while charting (Event Timing: the handler and the React
   * render it causes, processingEnd − processingStart), and the long tasks (over 50 ms) meanwhile.
   */
  startLongTasks(): void {
    const seen: number[] = [];
    const clicks: number[] = [];
    const tasks = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.push(entry.duration);
    });
    tasks.observe({ type: 'longtask', buffered: false });
    const events = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (entry.name === 'click') clicks.push(entry.processingEnd - entry.processingStart);
      }
    });
    events.observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
    window.longTasks = {
      seen,
      clicks,
      stop: () => {
        tasks.disconnect();
        events.disconnect();
      },
    };
  },
  stopLongTasks(): { longTasks: number[]; clickProcessing: number[] } {
    window.longTasks?.stop();
    return { longTasks: window.longTasks?.seen ?? [], clickProcessing: window.longTasks?.clicks ?? [] };
  },
  /** Teeth whose drawing changed since armed: one click should change one tooth. */
  watchTeeth(): void {
    const changed = new Set<string>();
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const tooth = (record.target as Element).closest?.('[data-tooth]')?.getAttribute('data-tooth');
        if (tooth) changed.add(tooth);
      }
    });
    const svg = document.querySelector('[data-testid="odontogram"]');
    if (svg) observer.observe(svg, { subtree: true, attributes: true, childList: true, characterData: true });
    window.teethChanged = { changed, stop: () => observer.disconnect() };
  },
  teethChanged(): string[] {
    window.teethChanged?.stop();
    return [...(window.teethChanged?.changed ?? [])];
  },
};

declare global {
  interface Window {
    odontogramBench: typeof bench;
    frameLog?: { intervals: number[]; stop: () => void };
    longTasks?: { seen: number[]; clicks: number[]; stop: () => void };
    teethChanged?: { changed: Set<string>; stop: () => void };
  }
}

await activateLanguage('en');
createRoot(container).render(
  <I18nProvider i18n={i18n}>
    <MantineProvider theme={theme}>
      <div style={{ padding: 16, maxWidth: 1100 }}>
        <Bench />
      </div>
    </MantineProvider>
  </I18nProvider>,
);
window.odontogramBench = bench;
