// Group 2 of the journeys (journeys.ts), on its own stack.
import { registerGroup } from './journeys';

registerGroup(1);
