// What other features use of tool permissions (eslint.config.js allows them nothing else).
export { ToolPermissionsSection } from './ToolPermissionsSection';
