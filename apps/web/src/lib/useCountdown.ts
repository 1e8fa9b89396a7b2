import { useEffect, useRef, useState } from 'react';
import { secondsLeft } from './countdown';

// Short ticks keep the display on time even when the browser delays a timer.
const TICK_MS = 250;

/**
 * Counts `seconds` down to 0 from when `running` turns true, from the wall clock rather than by
 * counting ticks (a background tab's timers are throttled), then calls `onDone` once.
 */
export function useCountdown(seconds: number, running: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (!running) {
      setLeft(seconds);
      return;
    }
    const startedAt = Date.now();
    let finished = false;
    const tick = () => {
      const remaining = secondsLeft(seconds, startedAt, Date.now());
      setLeft(remaining);
      if (remaining === 0 && !finished) {
        finished = true;
        window.clearInterval(timer);
        done.current();
      }
    };
    const timer = window.setInterval(tick, TICK_MS);
    return () => window.clearInterval(timer);
  }, [seconds, running]);

  return left;
}
