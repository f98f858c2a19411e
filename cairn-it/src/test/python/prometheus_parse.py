"""Parses Cairn's /metrics with the Prometheus Python client's own parsers (Debian's
python3-prometheus-client): the text format, and OpenMetrics when asked for by Accept.

Usage: prometheus_parse.py URL. Ends with one line RESULT <json>: each family's name and type as
the text parser reads them, the number of samples, and whether the OpenMetrics parse succeeded;
or FAILED <reason> and exit 1 when a parser refuses the scrape.
"""
import json
import sys
import urllib.request

from prometheus_client.parser import text_string_to_metric_families
from prometheus_client.openmetrics.parser import text_string_to_metric_families as openmetrics_families


def fetch(url, accept):
    req = urllib.request.Request(url, headers={"Accept": accept})
    with urllib.request.urlopen(req, timeout=30) as r:
        return r.read().decode("utf-8")


def main():
    url = sys.argv[1]
    families = {}
    samples = 0
    values = {}
    try:
        for f in text_string_to_metric_families(fetch(url, "text/plain")):
            families[f.name] = f.type
            for s in f.samples:
                samples += 1
                if not s.labels:
                    values[s.name] = s.value
        om = list(openmetrics_families(fetch(url, "application/openmetrics-text; version=1.0.0; charset=utf-8")))
    except Exception as e:  # a parser's refusal is the test's failure
        print("FAILED %s: %s" % (type(e).__name__, e))
        sys.exit(1)
    print("RESULT " + json.dumps({"families": families, "samples": samples, "values": values,
                                  "openmetrics_families": len(om)}))


main()
