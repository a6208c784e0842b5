/**
 * How long one calendar-query may spend expanding repeating tasks, and a stop for a rule ical.js
 * would expand for ever. ical.js looks for a rule's next instance in a loop with no end of its
 * own: for a rule no day satisfies (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30, or FREQ=DAILY;INTERVAL=7;
 * BYDAY=TU from a Monday) it never returns, and the event loop with it. Its iterator tests every
 * candidate with check_contracting_rules, so that method, wrapped here, counts them: a step of
 * the expansion that tests more than MAX_CANDIDATES candidates, or runs past the query's
 * deadline, throws ExpansionStopped. Outside such a step the wrapper only passes the call on.
 */
import ICAL from 'ical.js';

export class ExpansionStopped extends Error {
  constructor() {
    super('the expansion of a repeating task stopped short');
  }
}

/**
 * Candidates one step may test: a day's minutes, or five years' days. ical.js takes up to a tenth
 * of a millisecond for one, so a rule that finds none stops within about 200 ms.
 */
const MAX_CANDIDATES = 2_000;

export interface ExpansionBudget {
  /** When the query's expansions stop (Date.now() time). */
  readonly deadline: number;
}

export function expansionBudget(ms: number): ExpansionBudget {
  return { deadline: Date.now() + ms };
}

let running: { candidatesLeft: number; deadline: number } | null = null;

const testCandidate = ICAL.RecurIterator.prototype.check_contracting_rules;
ICAL.RecurIterator.prototype.check_contracting_rules = function (this: ICAL.RecurIterator): boolean {
  if (running) {
    running.candidatesLeft--;
    const late = running.candidatesLeft % 1024 === 0 && Date.now() > running.deadline;
    if (running.candidatesLeft < 0 || late) throw new ExpansionStopped();
  }
  return testCandidate.call(this);
};

/** Runs one step of an expansion (making it, or its next instance) within the budget. */
export function within<T>(budget: ExpansionBudget, step: () => T): T {
  if (Date.now() > budget.deadline) throw new ExpansionStopped();
  running = { candidatesLeft: MAX_CANDIDATES, deadline: budget.deadline };
  try {
    return step();
  } finally {
    running = null;
  }
}
