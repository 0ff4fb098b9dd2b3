// What other features use of the MCP servers (eslint.config.js allows them nothing else).
export { ServerCard } from './ServerCard';
export { ServerForm } from './ServerForm';
export { McpProblem } from './McpProblem';
export { toolIndex, toolLabel, toolsOf, useMcp } from './store';
import './mcp.css';
