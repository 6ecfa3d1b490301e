import { useId, useState } from 'react';
import './faq.css';

export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqProps {
  items: FaqItem[];
}

/** Disclosure list: each question is a button whose aria-expanded tells assistive tech whether its answer shows. */
export function Faq({ items }: FaqProps) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());

  function toggle(index: number) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  }

  return (
    <ul className="shell-faq">
      {items.map((item, index) => {
        const expanded = open.has(index);
        const answerId = `${baseId}-answer-${index}`;
        return (
          <li key={item.question} className={expanded ? 'shell-faq__item is-open' : 'shell-faq__item'}>
            <h3 className="shell-faq__question">
              <button
                type="button"
                className="shell-faq__toggle"
                aria-expanded={expanded}
                aria-controls={answerId}
                onClick={() => toggle(index)}
              >
                <span>{item.question}</span>
                <svg className="shell-faq__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </h3>
            <div id={answerId} className="shell-faq__answer" hidden={!expanded}>
              <p>{item.answer}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
