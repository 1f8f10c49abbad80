import { Box, Button, Group, Text } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';

const WIDTH = 560;
const HEIGHT = 200;

/** The pad's words, in the caller's catalogue: the pad is shared by staff and patient pages. */
export interface SignaturePadLabels {
  /** The canvas's accessible name: what it is and how to sign. */
  pad: string;
  empty: string;
  drawn: string;
  clear: string;
}

/**
 * A signature drawn with a finger, a stylus or a mouse (pointer events, so touch works without scrolling
 * the page). Reports a PNG data URL after each stroke, or null once cleared. `typed`, when given, is a
 * name written into the box instead, for people who cannot draw (a keyboard, a screen reader).
 */
export function SignaturePad({
  onChange,
  labels,
  typed = '',
}: {
  onChange: (png: string | null) => void;
  labels: SignaturePadLabels;
  typed?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [empty, setEmpty] = useState(true);
  // Ink written from `typed` goes when the name is erased; a drawn signature stays.
  const wasTyped = useRef(false);

  const context = useCallback(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return null;
    // Ink on white whatever the theme: the signature is a paper record and prints as one.
    ctx.strokeStyle = '#111';
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    return ctx;
  }, []);

  const blank = useCallback(() => {
    const ctx = context();
    if (ctx) {
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, WIDTH, HEIGHT);
    }
    return ctx;
  }, [context]);

  const clear = useCallback(() => {
    blank();
    setEmpty(true);
    onChange(null);
  }, [blank, onChange]);

  useEffect(() => {
    clear();
  }, [clear]);

  useEffect(() => {
    const name = typed.trim();
    if (name === '') {
      if (wasTyped.current) {
        wasTyped.current = false;
        clear();
      }
      return;
    }
    wasTyped.current = true;
    const ctx = blank();
    if (!ctx) return;
    ctx.fillStyle = '#111';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.font = 'italic 44px "Segoe Script", "Brush Script MT", cursive';
    ctx.fillText(name, WIDTH / 2, HEIGHT / 2, WIDTH - 40);
    setEmpty(false);
    onChange(canvas.current?.toDataURL('image/png') ?? null);
  }, [typed, blank, clear, onChange]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) * WIDTH) / box.width,
      y: ((event.clientY - box.top) * HEIGHT) / box.height,
    };
  };

  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    event.preventDefault();
    wasTyped.current = false;
    try {
      // Keeps the stroke when the finger leaves the box; a pointer the browser no longer knows cannot be captured.
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Drawing still works inside the box.
    }
    last.current = point(event);
    const ctx = context();
    if (ctx) {
      ctx.beginPath();
      ctx.arc(last.current.x, last.current.y, 1.2, 0, Math.PI * 2);
      ctx.fillStyle = '#111';
      ctx.fill();
    }
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    const ctx = context();
    if (!ctx) return;
    const next = point(event);
    ctx.beginPath();
    ctx.moveTo(last.current.x, last.current.y);
    ctx.lineTo(next.x, next.y);
    ctx.stroke();
    last.current = next;
  };
  const up = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    last.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
    setEmpty(false);
    onChange(canvas.current?.toDataURL('image/png') ?? null);
  };

  return (
    <Box>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        data-testid="signature-pad"
        aria-label={labels.pad}
        role="img"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        style={{
          width: '100%',
          maxWidth: WIDTH,
          aspectRatio: `${WIDTH} / ${HEIGHT}`,
          touchAction: 'none',
          background: '#fff',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          cursor: 'crosshair',
          display: 'block',
        }}
      />
      <Group justify="space-between" mt={4}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {empty ? labels.empty : labels.drawn}
        </Text>
        <Button variant="subtle" size="xs" leftSection={<IconEraser size={14} />} onClick={clear} disabled={empty}>
          {labels.clear}
        </Button>
      </Group>
    </Box>
  );
}
