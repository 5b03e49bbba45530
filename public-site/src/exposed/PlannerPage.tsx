export { PlannerPage as default } from '../features/planner/components/PlannerPage';
