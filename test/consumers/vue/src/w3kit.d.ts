// Types the w3-* tags in templates (props and events), checked by vue-tsc.
import type {} from 'w3kit/vue';
