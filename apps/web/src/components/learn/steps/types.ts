export interface StepProps {
  /** Called once, when every exercise of the step is answered. */
  readonly onComplete: () => void;
}
