/**
 * The live heart rate: readings from Pulsoid's or HypeRate's WebSocket feed (or the demo), and whether the
 * signal is live. Nothing ticks: one timeout marks the signal lost when readings stop, and a hidden source
 * (OBS off-scene) runs no timer at all until it is shown again.
 */
import { useEffect, useState } from "react";
import { ReconnectingSocket } from "../../common/reconnecting-socket.ts";
import { usePageVisible } from "../page-visibility.ts";
import type { HeartOptions } from "./heart-options.ts";
import {
  type HeartReading,
  HYPERATE_HEARTBEAT,
  HYPERATE_HEARTBEAT_MS,
  heartSocketUrl,
  hyperateJoin,
  hyperateSocketUrl,
  parseHeartRateMessage,
  parseHypeRateMessage,
  type SignalState,
  signalState,
} from "./heart-rate.ts";

const DEMO_MS = 1000;

export function useHeartRate(options: HeartOptions) {
  const [bpm, setBpm] = useState<number | null>(null);
  const [lastAt, setLastAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [connection, setConnection] = useState<"connecting" | "open" | "waiting">("connecting");
  const visible = usePageVisible();
  const { source, token, hyperateId, hyperateKey, url, demo } = options;
  const lostAfterMs = options.lostAfterSeconds * 1000;
  // The demo's made-up pulse stands still off-scene.
  const demoRunning = demo && visible;

  useEffect(() => {
    setBpm(null);
    setLastAt(null);
    const take = (reading: HeartReading) => {
      const at = Date.now();
      setBpm(reading.bpm);
      setLastAt(at);
      setNow(at);
    };
    if (demo) {
      if (!demoRunning) return;
      // A calm, slowly wandering pulse.
      let value = 78;
      const beat = () => {
        value = Math.min(112, Math.max(64, value + Math.round((Math.random() - 0.45) * 6)));
        take({ bpm: value, measuredAt: null });
      };
      beat();
      setConnection("open");
      const timer = window.setInterval(beat, DEMO_MS);
      return () => window.clearInterval(timer);
    }
    const hyperate = source === "hyperate";
    if (hyperate ? !hyperateId || !hyperateKey : !token) return;
    let heartbeat = 0;
    const socket = new ReconnectingSocket({
      url: () => (hyperate ? hyperateSocketUrl(url, hyperateKey) : heartSocketUrl(url, token)),
      onOpen: (open) => {
        if (!hyperate) return;
        open.send(hyperateJoin(hyperateId));
        window.clearInterval(heartbeat);
        // Phoenix drops a silent socket: the heartbeat is the one timer a HypeRate feed needs.
        heartbeat = window.setInterval(() => open.send(HYPERATE_HEARTBEAT), HYPERATE_HEARTBEAT_MS);
      },
      onMessage: (data) => {
        const reading = hyperate ? parseHypeRateMessage(data, hyperateId) : parseHeartRateMessage(data);
        if (!reading) return;
        socket.markHealthy();
        setConnection("open");
        take(reading);
      },
      onStatus: (status) => {
        if (status !== "open") window.clearInterval(heartbeat);
        if (status !== "stopped")
          setConnection(status === "open" ? "open" : status === "waiting" ? "waiting" : "connecting");
      },
    });
    socket.start();
    return () => {
      window.clearInterval(heartbeat);
      socket.stop();
    };
  }, [source, token, hyperateId, hyperateKey, url, demo, demoRunning]);

  // The only timer: the moment the last reading gets too old (none while hidden: caught up when shown).
  useEffect(() => {
    if (!visible) return;
    setNow(Date.now());
    if (lastAt === null) return;
    const due = lastAt + lostAfterMs - Date.now();
    if (due <= 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), due);
    return () => window.clearTimeout(timer);
  }, [lastAt, lostAfterMs, visible]);

  const signal: SignalState = signalState(lastAt, now, lostAfterMs);
  return { bpm, signal, connection, visible };
}
