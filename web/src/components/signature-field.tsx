import { Button, Flex, SegmentedControl, Text, TextField } from '@radix-ui/themes';
import SignaturePad from 'signature_pad';
import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type Ref,
} from 'react';
import { typedSignatureSvg } from './typed-signature';
import './signature-field.css';

export interface SignatureFieldHandle {
  /** The signature as SVG text, or null when nothing is drawn or typed. */
  toSvg: () => string | null;
  clear: () => void;
}

export interface SignatureFieldProps {
  ref?: Ref<SignatureFieldHandle>;
  onChange: (hasSignature: boolean) => void;
  disabled?: boolean;
}

const CANVAS_HEIGHT = 200;

/** Draw a signature (mouse, pen or touch) or type it, exported as SVG. */
export function SignatureField({ ref, onChange, disabled = false }: SignatureFieldProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [mode, setMode] = useState<'draw' | 'type'>('draw');
  const [typed, setTyped] = useState('');
  const typedId = useId();
  const hintId = useId();

  const resize = useCallback(() => {
    const canvas = canvasRef.current;
    const pad = padRef.current;
    if (!canvas || !pad) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const data = pad.toData();
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = CANVAS_HEIGHT * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    pad.clear();
    pad.fromData(data);
  }, []);

  useEffect(() => {
    if (mode !== 'draw') return;
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, {
      penColor: '#111827',
      backgroundColor: 'rgba(0,0,0,0)',
      minWidth: 0.8,
      maxWidth: 2.6,
    });
    padRef.current = pad;
    const onEnd = () => onChange(!pad.isEmpty());
    pad.addEventListener('endStroke', onEnd);
    resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, [mode, onChange, resize]);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled, mode]);

  const clear = useCallback(() => {
    padRef.current?.clear();
    setTyped('');
    onChange(false);
  }, [onChange]);

  useImperativeHandle(
    ref,
    () => ({
      toSvg: () => {
        if (mode === 'type') return typed.trim() ? typedSignatureSvg(typed.trim()) : null;
        const pad = padRef.current;
        if (!pad || pad.isEmpty()) return null;
        return pad.toSVG();
      },
      clear,
    }),
    [mode, typed, clear],
  );

  return (
    <Flex direction="column" gap="2">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Text size="2" weight="medium" id={hintId}>
          Your signature
        </Text>
        <SegmentedControl.Root
          size="1"
          aria-labelledby={hintId}
          value={mode}
          onValueChange={(value) => {
            setMode(value as 'draw' | 'type');
            setTyped('');
            onChange(false);
          }}
        >
          <SegmentedControl.Item value="draw">Draw</SegmentedControl.Item>
          <SegmentedControl.Item value="type">Type</SegmentedControl.Item>
        </SegmentedControl.Root>
      </Flex>
      {mode === 'draw' ? (
        <div className="signature-box">
          <canvas
            ref={canvasRef}
            className="signature-canvas"
            style={{ height: CANVAS_HEIGHT }}
            role="img"
            aria-label="Signature pad: draw your signature with a mouse, pen or finger"
            data-testid="signature-pad"
          />
          <span className="signature-line" aria-hidden />
        </div>
      ) : (
        <Flex direction="column" gap="2">
          <Text as="label" size="2" htmlFor={typedId}>
            Type your full name
          </Text>
          <TextField.Root
            id={typedId}
            value={typed}
            disabled={disabled}
            autoComplete="name"
            onChange={(event) => {
              setTyped(event.target.value);
              onChange(event.target.value.trim() !== '');
            }}
          />
          {typed.trim() ? (
            <div className="signature-box signature-preview" aria-hidden>
              <span>{typed.trim()}</span>
            </div>
          ) : null}
        </Flex>
      )}
      <Flex justify="between" align="center" gap="3">
        <Text size="1" color="gray">
          {mode === 'draw'
            ? 'Sign inside the box. You can also type your name instead.'
            : 'Your typed name is your signature.'}
        </Text>
        <Button
          type="button"
          variant="ghost"
          color="gray"
          size="1"
          onClick={clear}
          disabled={disabled}
        >
          Clear
        </Button>
      </Flex>
    </Flex>
  );
}
