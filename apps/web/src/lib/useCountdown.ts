import { useEffect, useEffectEvent, useState } from 'react';
import { secondsLeft } from './countdown';

// Short ticks keep the display on time even when the browser delays a timer.
const TICK_MS = 250;

type Tick = { startedAt: number; now: number };

/**
 * Counts `seconds` down to 0 from when `running` turns true, from the wall clock rather than by
 * counting ticks (a background tab's timers are throttled), then calls `onDone` once.
 */
export function useCountdown(seconds: number, running: boolean, onDone: () => void): number {
  const [tick, setTick] = useState<Tick | null>(null);
  const finish = useEffectEvent(onDone);

  useEffect(() => {
    if (!running) return;
    const startedAt = Date.now();
    const timer = window.setInterval(() => {
      const now = Date.now();
      setTick({ startedAt, now });
      if (secondsLeft(seconds, startedAt, now) === 0) {
        window.clearInterval(timer);
        finish();
      }
    }, TICK_MS);
    return () => {
      window.clearInterval(timer);
      setTick(null);
    };
  }, [seconds, running]);

  return running && tick ? secondsLeft(seconds, tick.startedAt, tick.now) : seconds;
}
