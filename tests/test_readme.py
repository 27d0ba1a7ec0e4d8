"""The README's engine example is true: it runs as a doctest."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_readme_engine_example_runs() -> None:
    # a code fence ends an example's expected output, as a blank line would
    text = "\n".join("" if line.startswith("```") else line
                     for line in README.read_text(encoding="utf-8").splitlines())
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, "README.md", str(README), 0)
    assert len(test.examples) >= 10  # the example is there (not silently lost)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} README example(s) failed"
