// Group 1 of the journeys (journeys.ts), on its own stack.
import { registerGroup } from './journeys';

registerGroup(0);
