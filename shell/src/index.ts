// Async boundary: shared singletons are negotiated by the federation runtime before the app code runs.
import('./bootstrap');
