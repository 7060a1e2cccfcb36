import type { ComponentType } from 'react';
import { CountStep } from './CountStep';
import { DrawStep } from './DrawStep';
import { HandsStep } from './HandsStep';
import { NaturalStep } from './NaturalStep';
import { SettleStep } from './SettleStep';
import { StakeStep } from './StakeStep';
import { SuitsStep } from './SuitsStep';
import { TableauStep } from './TableauStep';
import type { StepProps } from './types';

export interface LessonStep {
  readonly id: string;
  readonly title: string;
  readonly Body: ComponentType<StepProps>;
}

export const LESSON_STEPS: readonly LessonStep[] = [
  { id: 'hands', title: 'Two hands, three results', Body: HandsStep },
  { id: 'cards', title: 'Suits, ranks and values', Body: SuitsStep },
  { id: 'counting', title: 'Counting: keep the last digit', Body: CountStep },
  { id: 'stake', title: 'Your first stake', Body: StakeStep },
  { id: 'naturals', title: 'Naturals: nobody draws', Body: NaturalStep },
  { id: 'settlement', title: 'Settlement: what comes back', Body: SettleStep },
  { id: 'drawing', title: 'Drawing a third card', Body: DrawStep },
  { id: 'tableau', title: 'The drawing table', Body: TableauStep },
];
