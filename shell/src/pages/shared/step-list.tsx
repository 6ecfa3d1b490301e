export interface Step {
  title: string;
  text: string;
}

export interface StepListProps {
  steps: Step[];
  /** Visible label per step, e.g. 'Step 2', already translated. */
  label: (number: number) => string;
}

export function StepList({ steps, label }: StepListProps) {
  return (
    <ol className="shell-steps">
      {steps.map((step, index) => (
        <li key={step.title} className="shell-step">
          <span className="shell-step__number" aria-hidden="true">
            {index + 1}
          </span>
          <p className="shell-step__label">{label(index + 1)}</p>
          <h3 className="shell-step__title">{step.title}</h3>
          <p className="shell-step__text">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
