/* Player search index (written at build time; no server needed). */
window.BULLETIN_INDEX = {{ entries | tojson }};
